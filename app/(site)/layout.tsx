import '@/styles/globals.css'
import type {Metadata} from 'next'
import {draftMode} from 'next/headers'
import {DraftModeTools} from '@/components/preview/DraftModeTools'
import {SiteShell} from '@/components/site/SiteShell'
import {getSiteSettings} from '@/lib/content'

/** Every page's title ends with the company name; the name itself is content. */
export async function generateMetadata(): Promise<Metadata> {
  const {companyName, description} = await getSiteSettings()
  return {
    title: {template: `%s | ${companyName}`, default: companyName},
    description,
    openGraph: {siteName: companyName, locale: 'en_US'},
  }
}

/**
 * Every public page: the site's styles and chrome. (The Studio at /studio is outside this group.)
 * app/global-not-found.tsx renders the same SiteShell; keeping the two identical lets them share one client
 * chunk. In draft mode (an editor's preview) the page also gets the preview tools.
 */
export default async function SiteLayout({children}: {children: React.ReactNode}) {
  const preview = (await draftMode()).isEnabled
  return (
    <SiteShell>
      {children}
      {preview && <DraftModeTools />}
    </SiteShell>
  )
}
