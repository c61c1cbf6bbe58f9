import type {Metadata} from 'next'
import {headers} from 'next/headers'
import Link from 'next/link'
import {notFound} from 'next/navigation'
import {
  ChargesSection,
  CustomerSection,
  DetailsSection,
  HistorySection,
  MoveForm,
  NotesSection,
  OutcomeForm,
  PaymentSection,
  ResendForm,
  type FormAnswer,
} from '@/components/office/booking/BookingSections'
import styles from '@/components/office/booking/booking.module.css'
import {CancelBookingForm} from '@/components/office/booking/CancelBookingForm'
import {RefundBookingForm} from '@/components/office/booking/RefundBookingForm'
import {FocusOnArrival} from '@/components/office/booking/FocusOnArrival'
import {StartedForm} from '@/components/office/booking/StartedForm'
import {isUuid} from '@/lib/booking/store/mapping'
import {moveOffer} from '@/lib/office/bookings/actions'
import {officeBookingView, requestedMoveDate} from '@/lib/office/bookings/page'
import {officeBookingDeps} from '@/lib/office/bookings/server'
import {staffActionsOf} from '@/lib/office/shared/audit'
import {requireStaffPage} from '@/lib/office/access/page'
import {hasRole} from '@/lib/office/access/roles'
import {bookingWords as words} from '@/lib/office/bookings/words'
import {planWords} from '@/lib/office/plans/words'

export const metadata: Metadata = {title: words.metaTitle}

type Search = Record<string, string | string[] | undefined>

function one(search: Search, key: string): string | null {
  const value = search[key]
  return typeof value === 'string' && value !== '' ? value : null
}

/** The booking and everything its page shows, or null (no such booking), or 'unavailable' (the database did not answer). */
async function load(id: string, moveDate: string | null) {
  try {
    const deps = await officeBookingDeps(await headers())
    const booking = await deps.store.findById(id)
    if (!booking) return null
    const [customerChanges, actions, notes, offer] = await Promise.all([
      deps.records.customerChangesOf(id),
      staffActionsOf('booking', id),
      deps.records.notesOf(id),
      moveOffer(booking, moveDate, deps),
    ])
    return {deps, booking, customerChanges, actions, notes, offer}
  } catch (error) {
    console.error('Office: a booking could not be loaded', error)
    return 'unavailable' as const
  }
}

/**
 * /office/bookings/[id]: one booking with everything the customer gave, its charges, payment,
 * history and internal notes, and what staff do to it (each form posts to a route handler beside
 * this page and comes back here with the outcome).
 */
export default async function OfficeBookingPage({params, searchParams}: {params: Promise<{id: string}>; searchParams: Promise<Search>}) {
  const staff = await requireStaffPage('office')
  // Refunds are the owner's: an office member is shown the cancel without a refund only.
  const canRefund = hasRole(staff, 'owner')
  const [{id}, search] = await Promise.all([params, searchParams])
  if (!isUuid(id)) notFound()
  const loaded = await load(id, requestedMoveDate(search.date))
  if (loaded === 'unavailable') return <p role="alert">{words.unavailable}</p>
  if (!loaded) notFound()
  const {deps, booking, customerChanges, actions, notes, offer} = loaded
  const view = officeBookingView(booking, {customerChanges, actions, notes}, deps.now())
  const answer: FormAnswer = {problem: one(search, 'problem'), field: one(search, 'field'), date: one(search, 'date'), window: one(search, 'window'), note: one(search, 'note')}
  const done = one(search, 'done')
  // A refused field is named beside it (and focused there); anything else is said at the top. Keys
  // of other forms on the page (cancel and refund) are theirs to show.
  const outcome = done
    ? {role: 'status' as const, text: words.done[done], className: styles.done}
    : answer.problem && !answer.field
      ? {role: 'alert' as const, text: words.problem[answer.problem], className: styles.problem}
      : null

  return (
    <div className={styles.page}>
      <p>
        <Link href="/office/bookings">{words.backToBookings}</Link>
      </p>
      <div className={styles.header}>
        <h1>{words.pageTitle(view.reference)}</h1>
        <span className={styles.status}>{words.status[view.status]}</span>
      </div>
      <p>
        {view.service}
        {view.slot ? ` · ${view.slot}` : ''}
      </p>
      {/* A plan's visit links to its plan. */}
      {booking.planId ? (
        <p>
          <Link href={`/office/plans/${booking.planId}`} prefetch={false}>
            {planWords.bookingLink}
          </Link>
        </p>
      ) : null}
      {outcome?.text ? (
        <FocusOnArrival id="outcome" role={outcome.role} className={`${styles.outcome} ${outcome.className}`}>
          {outcome.text}
        </FocusOnArrival>
      ) : null}
      <div className={styles.columns}>
        <div className={styles.stack}>
          <CustomerSection booking={view} />
          <DetailsSection booking={view} />
          <ChargesSection booking={view} />
          <PaymentSection booking={view} />
        </div>
        <div className={styles.stack}>
          <MoveForm booking={view} offer={offer} answer={answer} />
          <StartedForm booking={booking} now={deps.now()} />
          <OutcomeForm booking={view} />
          <ResendForm booking={view} />
          {/* A fresh key each time the page is shown: the refund's confirmation posts it once. */}
          {canRefund ? <RefundBookingForm booking={booking} searchParams={search} formKey={crypto.randomUUID()} /> : null}
          <CancelBookingForm booking={booking} searchParams={search} canRefund={canRefund} />
          <HistorySection booking={view} />
          <NotesSection booking={view} answer={answer} />
        </div>
      </div>
    </div>
  )
}
