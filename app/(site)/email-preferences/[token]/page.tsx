import type {Metadata} from 'next'
import styles from '@/components/payment/PaymentResult.module.css'
import {PageHeader} from '@/components/pages/PageHeader'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {Section} from '@/components/ui/Section'
import {EMAIL_OPT_OUT_API_PATH, verifyBookingLink} from '@/lib/booking/checkout-reminders'
import {manageLinkSecret} from '@/lib/booking/manage-link-secret'
import {getEmailSettings, getPaymentPages, getSiteSettings} from '@/lib/content'
import {fillTokens} from '@/lib/email/tokens'
import {formatPhone} from '@/lib/format'

export async function generateMetadata(): Promise<Metadata> {
  const {emailPreferences} = await getEmailSettings()
  // The address is the key: no search engine, and no Referer header carrying it away.
  return {title: emailPreferences.heading, robots: {index: false, follow: false}, referrer: 'no-referrer'}
}

export const dynamic = 'force-dynamic'

type LinkState = 'ok' | 'invalid' | 'expired' | 'unavailable'

async function linkState(token: string): Promise<LinkState> {
  try {
    const check = verifyBookingLink('email-opt-out:v1', token, await manageLinkSecret(), new Date())
    return check.ok ? 'ok' : check.reason
  } catch (error) {
    console.error('E-mail preferences page: the link could not be checked', error)
    return 'unavailable'
  }
}

/**
 * /email-preferences/<token>: the "no more e-mails" link of the unpaid checkout reminder. One button
 * (a plain form: no JavaScript needed) stops such e-mails to the address it was sent to; the signed
 * token is the key and names the booking, never the address.
 */
export default async function EmailPreferencesPage({params, searchParams}: {params: Promise<{token: string}>; searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  const [{token}, query] = await Promise.all([params, searchParams])
  const [{emailPreferences: w}, site, {success}, state] = await Promise.all([getEmailSettings(), getSiteSettings(), getPaymentPages(), linkState(token)])
  const values = {companyName: site.companyName, phone: formatPhone(site.phone)}
  const done = state === 'ok' && query.done !== undefined
  // A link that works offers the button again after a stop that could not be saved.
  const offerButton = state === 'ok' && !done
  const message =
    state === 'invalid' ? w.linkInvalid : state === 'expired' ? w.linkExpired : state === 'unavailable' || query.failed !== undefined ? w.unavailable : done ? w.done : null
  return (
    <>
      <PageHeader heading={fillTokens(w.heading, values)} width="narrow" />
      <Section width="narrow" ariaLabel={fillTokens(w.heading, values)}>
        <Card className={styles.card}>
          {message ? (
            <p className={styles.status} role="status">
              {fillTokens(message, values)}
            </p>
          ) : null}
          {offerButton ? (
            <form method="post" action={EMAIL_OPT_OUT_API_PATH} className={styles.card}>
              <p className={styles.status}>{fillTokens(w.body, values)}</p>
              <input type="hidden" name="token" value={token} />
              <div className={styles.actions}>
                <Button type="submit">{fillTokens(w.button, values)}</Button>
              </div>
            </form>
          ) : (
            <div className={styles.actions}>
              <Button href="/">{success.homeButton}</Button>
            </div>
          )}
        </Card>
      </Section>
    </>
  )
}
