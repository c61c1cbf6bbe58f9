import type {Metadata} from 'next'
import {headers} from 'next/headers'
import {CallUs} from '@/components/booking/manage/ManageBooking'
import styles from '@/components/payment/PaymentResult.module.css'
import {PageHeader} from '@/components/pages/PageHeader'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {Section} from '@/components/ui/Section'
import {completeCardUpdate, type CardUpdateProblem, type CardUpdateResult} from '@/lib/booking/plans/card'
import {cardUpdateDeps, clientAddress} from '@/lib/booking/server'
import {getPaymentPages, getSiteSettings, type PaymentPages} from '@/lib/content'

export async function generateMetadata(): Promise<Metadata> {
  const {cardUpdate} = await getPaymentPages()
  // The address holds the manage link's token: no search engine, no Referer carrying it away.
  return {title: cardUpdate.heading, robots: {index: false, follow: false}, referrer: 'no-referrer'}
}

export const dynamic = 'force-dynamic'

type Texts = Pick<PaymentPages, 'cardUpdate' | 'manage'>
type Outcome = 'saved' | 'savedRetry' | 'cancelled' | CardUpdateProblem

/** The words of each outcome; the link's refusals are the manage page's own. */
const TEXT: Record<Outcome, (texts: Texts) => string> = {
  saved: ({cardUpdate}) => cardUpdate.saved,
  savedRetry: ({cardUpdate}) => cardUpdate.savedRetry,
  cancelled: ({cardUpdate}) => cardUpdate.cancelled,
  notSaved: ({cardUpdate}) => cardUpdate.notSaved,
  noPlan: ({cardUpdate}) => cardUpdate.noPlan,
  planCancelled: ({cardUpdate}) => cardUpdate.planCancelled,
  noCard: ({cardUpdate}) => cardUpdate.noCard,
  notThisPlan: ({cardUpdate}) => cardUpdate.notThisPlan,
  rateLimited: ({cardUpdate}) => cardUpdate.rateLimited,
  unavailable: ({cardUpdate}) => cardUpdate.unavailable,
  linkInvalid: ({manage}) => manage.linkInvalid,
  linkExpired: ({manage}) => manage.linkExpired,
  linkReplaced: ({manage}) => manage.linkReplaced,
}

/** Outcomes after which the phone number is offered. */
const CALL_US: ReadonlySet<Outcome> = new Set(['noCard', 'unavailable', 'linkInvalid', 'linkExpired', 'linkReplaced'])

const one = (value: string | string[] | undefined): string => (typeof value === 'string' ? value : '')

async function outcomeOf(params: Record<string, string | string[] | undefined>): Promise<Outcome> {
  const token = one(params.token)
  const sessionId = one(params.session_id)
  if (sessionId) {
    let result: CardUpdateResult
    try {
      result = await completeCardUpdate(token, sessionId, await cardUpdateDeps(clientAddress(await headers())))
    } catch (error) {
      console.error('Card update page: the new card could not be recorded', error)
      return 'unavailable'
    }
    if (!result.ok) return result.refusal
    return result.rescheduled > 0 ? 'savedRetry' : 'saved'
  }
  if (one(params.cancelled)) return 'cancelled'
  const problem = one(params.problem)
  return Object.hasOwn(TEXT, problem) && problem !== 'saved' && problem !== 'savedRetry' ? (problem as Outcome) : 'notSaved'
}

/**
 * /manage-booking/card: where the payment provider's card page sends the customer back (with the
 * checkout's id: the new card is recorded on the plan here, once, whichever of this page and the
 * webhook comes first), or where the card-update form says what went wrong.
 */
export default async function CardUpdatePage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  const params = await searchParams
  const token = one(params.token)
  const [{cardUpdate, manage}, site, outcome] = await Promise.all([getPaymentPages(), getSiteSettings(), outcomeOf(params)])
  return (
    <>
      <PageHeader heading={cardUpdate.heading} width="narrow" />
      <Section width="narrow" ariaLabel={cardUpdate.heading}>
        <Card className={styles.card}>
          <p className={styles.status} role="status">
            {TEXT[outcome]({cardUpdate, manage})}
          </p>
          {CALL_US.has(outcome) ? <CallUs texts={manage} phone={site.phone} /> : null}
          {token && !outcome.startsWith('link') ? (
            <div className={styles.actions}>
              <Button href={`/manage-booking/${encodeURIComponent(token)}`}>{cardUpdate.backButton}</Button>
            </div>
          ) : null}
        </Card>
      </Section>
    </>
  )
}
