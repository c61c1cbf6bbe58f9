import type {Metadata} from 'next'
import {headers} from 'next/headers'
import type {ReactNode} from 'react'
import {OfficeNav} from '@/components/office/OfficeNav'
import {officeMenuCounts} from '@/lib/office/access/menu-counts-server'
import {currentStaff} from '@/lib/office/access/page'
import {hasRole} from '@/lib/office/access/roles'
import {accessWords} from '@/lib/office/access/words'
import styles from './office.module.css'

/**
 * The office's own shell (no site CSS, header or footer; none of this reaches visitors' pages):
 * skip link, the office's areas (with how many items wait in Needs attention and Leads, read afresh on
 * every page), who is signed in, their own alerts and Sign out. Never indexed.
 */
export const metadata: Metadata = {
  title: {template: `%s | ${accessWords.office}`, default: accessWords.office},
  robots: {index: false, follow: false},
}

// Every office page is one member's: rendered per request, never prerendered or cached.
export const dynamic = 'force-dynamic'

export default async function OfficeLayout({children}: {children: ReactNode}) {
  const staff = await currentStaff()
  // Null for crew (neither entry is theirs) and when the counts cannot be read (the page still shows).
  const counts = staff ? await officeMenuCounts(staff, await headers()) : null
  const w = accessWords
  return (
    <div className={styles.office}>
      <a href="#office-main" className={styles.skipLink}>
        {w.skipLink}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <span className={styles.brand}>{w.office}</span>
          {staff && (
            <div className={styles.account}>
              <span className={styles.who}>
                <span className={styles.whoLabel}>{w.signedInAs} </span>
                <strong>{staff.name}</strong> <span className={styles.role}>({w.roles[staff.role]})</span>
              </span>
              {hasRole(staff, 'office') && (
                // A plain link, as the menu's: the page comes from the server with the shell's counts read afresh.
                // eslint-disable-next-line @next/next/no-html-link-for-pages
                <a href="/office/alerts" className={styles.accountLink}>
                  {w.yourAlerts}
                </a>
              )}
              <form method="post" action="/office/sign-out">
                <button type="submit" className={styles.signOut}>
                  {w.signOut}
                </button>
              </form>
            </div>
          )}
        </div>
        {staff && <OfficeNav role={staff.role} counts={counts} />}
      </header>
      <main id="office-main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  )
}
