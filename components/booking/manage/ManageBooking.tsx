'use client'

import {useRouter} from 'next/navigation'
import {useRef, useState, type RefObject} from 'react'
import {useForm} from 'react-hook-form'
import {BookingSummaryList} from '@/components/payment/BookingSummaryList'
import {BusyLabel} from '@/components/forms/BusyLabel'
import {controlFor} from '@/components/forms/form-helpers'
import {FormErrorBanner} from '@/components/forms/FormErrorBanner'
import {buttonClassName} from '@/components/ui/button-class'
import type {ManageActionResult, ManagedBooking, ManagedChange} from '@/lib/booking/manage'
import {bookingMessageText} from '@/lib/booking/message-keys'
import type {BookingFormTexts, PaymentPages} from '@/lib/content'
import {fillTokens} from '@/lib/email/tokens'
import {telHref} from '@/lib/format'
import {ArrivalSection} from '../shared/ArrivalSection'
import {BookingFormProvider, type BookingForm} from '../shared/useBookingForm'
import styles from './ManageBooking.module.css'
import {PlanSection, type PlanTexts} from './PlanSection'
import type {CardUpdateTexts} from '@/components/plans/CardUpdateForm'

export type ManageTexts = PaymentPages['manage']

/** Where the page sends a move or a cancellation request (app/api/bookings/manage). */
const MANAGE_ENDPOINT = '/api/bookings/manage'

type Answer = ManageActionResult | {ok: false; kind: 'network' | 'rejected'}

export async function sendChange(body: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(MANAGE_ENDPOINT, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json'},
      body: JSON.stringify(body),
    })
    const answer = (await response.json().catch(() => null)) as Answer | null
    return answer && typeof answer.ok === 'boolean' ? answer : {ok: false, kind: 'network'}
  } catch {
    return {ok: false, kind: 'network'}
  }
}

/** The words of a refusal that is not about the chosen date or window. */
function refusalText(answer: Exclude<Answer, {ok: true}>, texts: ManageTexts): string {
  switch (answer.kind) {
    case 'link':
      return texts[answer.refusal]
    case 'refused':
      return answer.refusal === 'sameWindow' ? texts.sameWindow : texts[answer.refusal]
    default:
      return texts.failed
  }
}

/** A line of the list of changes, in the content's words ('Moved from {from} to {to}'). */
function changeText(change: ManagedChange, texts: ManageTexts): string {
  return change.kind === 'moved' ? fillTokens(texts.movedHistory, {from: change.from, to: change.to}) : texts.cancellationRequestedHistory
}

/** 'Call us at (425) 555-0142.' with the number as a phone link. */
export function CallUs({texts, phone}: {texts: Pick<ManageTexts, 'callUs'>; phone: string}) {
  return (
    <p>
      {texts.callUs} <a href={telHref(phone)}>{phone}</a>.
    </p>
  )
}

export type ManageBookingProps = {
  token: string
  booking: ManagedBooking
  texts: ManageTexts
  /** The booking form's texts of the booking's service: the date and window section, its messages. */
  bookingTexts: BookingFormTexts
  /** The plan section's words (a plan's visit). */
  planTexts?: PlanTexts
  /** The new card form's words (a plan's visit). */
  cardTexts?: CardUpdateTexts
  phone: string
}

/**
 * The manage page of a booking: what it is, and (more than 24 hours before its window) a move to
 * another free window or a request to cancel; else the phone number. A change replaces the link
 * (the old one stops working): the page shows the booking as the server answers it now, under the
 * new link's address, and says the outcome in a status line that stays.
 */
export function ManageBooking({token: linkToken, booking: linkBooking, texts, bookingTexts, planTexts, cardTexts, phone}: ManageBookingProps) {
  const router = useRouter()
  const [current, setCurrent] = useState({token: linkToken, booking: linkBooking})
  const {token, booking} = current
  const [notice, setNotice] = useState('')
  const noticeRef = useRef<HTMLParagraphElement>(null)

  function changed(message: string, answer: Extract<Answer, {ok: true}>) {
    // The address bar takes the new link (a reload or a bookmark keeps working); Next's router
    // follows history.replaceState without reading the page again.
    window.history.replaceState(null, '', window.location.pathname.replace(/[^/]*$/, answer.token))
    if (answer.booking) setCurrent({token: answer.token, booking: answer.booking})
    else router.refresh()
    setNotice(message)
    noticeRef.current?.focus()
  }

  return (
    <div className={styles.page}>
      {/* In the page from the start (a live region speaks only once it exists), hidden while silent. */}
      <p ref={noticeRef} role="status" tabIndex={-1} className={notice ? styles.notice : 'visually-hidden'}>
        {notice}
      </p>
      <BookingSummaryList
        reference={booking.reference}
        service={booking.service}
        date={booking.date}
        arrivalWindow={booking.arrivalWindowLabel}
        location={booking.location}
        total={booking.total}
        totalLabel={booking.paid ? 'Total paid' : 'Total'}
      />
      <p className={styles.note}>
        {booking.customerName}, {booking.address}
      </p>

      {booking.state === 'changeable' ? (
        <>
          <p>{texts.changeable}</p>
          <MoveForm token={token} booking={booking} texts={texts} bookingTexts={bookingTexts} onMoved={(answer) => changed(texts.moved, answer)} />
          {/* A plan's visit not yet charged is skipped (its plan section), not cancelled: nothing to refund. */}
          {booking.paid ? <CancelRequest token={token} texts={texts} onRequested={(answer) => changed(texts.cancellationRequested, answer)} /> : null}
        </>
      ) : (
        <div className={styles.state} data-manage-state={booking.state}>
          {/* Just asked to cancel, the status line above says it already: once is enough. */}
          {texts[booking.state] === notice ? null : <p>{texts[booking.state]}</p>}
          <CallUs texts={texts} phone={phone} />
        </div>
      )}

      {booking.plan && planTexts ? (
        <PlanSection token={token} plan={booking.plan} texts={planTexts} manageTexts={texts} cardTexts={cardTexts} phone={phone} send={sendChange} onChanged={changed} />
      ) : null}

      {booking.changes.length > 0 ? (
        <section aria-labelledby="manage-history" className={styles.history}>
          <h2 id="manage-history">{texts.historyHeading}</h2>
          <ul>
            {booking.changes.map((change) => (
              <li key={change.at + change.kind}>
                {changeText(change, texts)} <time dateTime={change.at}>({change.when})</time>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

type MoveValues = {date: string; arrivalWindow: string}

/** Focuses a field of the move form: the calendar's group or the window choice. */
/** The field as a whole (the date calendar, the window group), which stays while the offer reloads. */
function focusField(form: RefObject<HTMLFormElement | null>, name: keyof MoveValues) {
  if (form.current) controlFor(form.current, name, 'field')?.focus()
}

function MoveForm({
  token,
  booking,
  texts,
  bookingTexts,
  onMoved,
}: {
  token: string
  booking: ManagedBooking
  texts: ManageTexts
  bookingTexts: BookingFormTexts
  onMoved: (answer: Extract<Answer, {ok: true}>) => void
}) {
  const form = useForm<MoveValues>({defaultValues: {date: '', arrivalWindow: ''}, mode: 'onSubmit', reValidateMode: 'onChange'})
  const formRef = useRef<HTMLFormElement>(null)
  const [banner, setBanner] = useState('')
  const [busy, setBusy] = useState(false)
  const messages = bookingTexts.messages

  async function move({date, arrivalWindow}: MoveValues) {
    if (busy) return
    setBanner('')
    if (!date || !arrivalWindow) {
      const field = !date ? 'date' : 'arrivalWindow'
      form.setError(field, {type: 'required', message: !date ? messages.dateRequired : messages.windowRequired})
      focusField(formRef, field)
      return
    }
    setBusy(true)
    const answer = await sendChange({token, action: 'reschedule', date, arrivalWindow})
    setBusy(false)
    if (answer.ok) {
      form.reset()
      onMoved(answer)
      return
    }
    if (answer.kind === 'validation') {
      const [field, reference] = Object.entries(answer.fieldErrors)[0] as [keyof MoveValues, string]
      form.setError(field, {type: 'server', message: bookingMessageText(messages, reference)})
      focusField(formRef, field)
      return
    }
    if (answer.kind === 'refused' && answer.refusal === 'sameWindow') {
      form.setError('arrivalWindow', {type: 'server', message: texts.sameWindow})
      focusField(formRef, 'arrivalWindow')
      return
    }
    setBanner(refusalText(answer, texts))
  }

  return (
    <BookingFormProvider form={form as unknown as BookingForm<typeof booking.industry>} texts={bookingTexts}>
      <form ref={formRef} onSubmit={(event) => void form.handleSubmit(move)(event)} noValidate aria-labelledby="manage-move" className={styles.form}>
        <h2 id="manage-move">{texts.moveHeading}</h2>
        {/* The calendar opens on the booking's month: a move is most often to a nearby day. */}
        <ArrivalSection industry={booking.industry} headingLevel={3} openOn={booking.date} />
        <FormErrorBanner message={banner} />
        <div>
          <button type="submit" className={buttonClassName({})} aria-disabled={busy || undefined}>
            {busy ? <BusyLabel>{texts.moveButton}</BusyLabel> : texts.moveButton}
          </button>
        </div>
      </form>
    </BookingFormProvider>
  )
}

function CancelRequest({token, texts, onRequested}: {token: string; texts: ManageTexts; onRequested: (answer: Extract<Answer, {ok: true}>) => void}) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [banner, setBanner] = useState('')
  const askButton = useRef<HTMLButtonElement>(null)
  const confirmText = useRef<HTMLParagraphElement>(null)

  async function confirm() {
    if (busy) return
    setBusy(true)
    setBanner('')
    const answer = await sendChange({token, action: 'cancel'})
    setBusy(false)
    if (answer.ok) onRequested(answer)
    else setBanner(refusalText(answer, texts))
  }

  return (
    <section aria-labelledby="manage-cancel" className={styles.cancel}>
      <h2 id="manage-cancel">{texts.cancelHeading}</h2>
      <p>{texts.cancelIntro}</p>
      {confirming ? (
        <div className={styles.confirm}>
          <p ref={confirmText} tabIndex={-1}>
            {texts.cancelConfirm}
          </p>
          <FormErrorBanner message={banner} />
          <div className={styles.actions}>
            <button type="button" className={buttonClassName({})} aria-disabled={busy || undefined} onClick={confirm}>
              {busy ? <BusyLabel>{texts.cancelConfirmButton}</BusyLabel> : texts.cancelConfirmButton}
            </button>
            <button
              type="button"
              className={buttonClassName({variant: 'secondary'})}
              onClick={() => {
                setConfirming(false)
                setBanner('')
                requestAnimationFrame(() => askButton.current?.focus())
              }}
            >
              {texts.keepButton}
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={askButton}
          type="button"
          className={buttonClassName({variant: 'secondary'})}
          onClick={() => {
            setConfirming(true)
            requestAnimationFrame(() => confirmText.current?.focus())
          }}
        >
          {texts.cancelButton}
        </button>
      )}
    </section>
  )
}
