import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedBookingStore} from './store/test-support/embedded-store'
import type {BookingStore} from './store/store'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../payments/test-checkout'
import {submitBooking} from './flow'
import {manageBookingView, requestCancellationFromLink, rescheduleFromLink, setManageLogger, type ManageDeps} from './manage'
import {manageLinkExpiry, signManageToken} from './manage-link'
import {commercialRequest, houseRequest, ORIGIN} from './test-support/requests'
import {testAvailability} from './test-support/availability'

/**
 * The manage link against the real store (PGlite, every migration): what the page shows, moves,
 * cancellation requests, and what each records and sends. The clock is set per test.
 */

const SECRET = 'manage-link-test-secret-'.padEnd(64, 'x')
/** Tuesday 2030-01-15, 10:00 in Renton. */
const BOOKED_AT = new Date('2030-01-15T18:00:00Z')
/** The house booking's window: Friday 2030-02-01 8–10 am in Renton (16:00 UTC). */
const WINDOW_STARTS = new Date('2030-02-01T16:00:00Z')

let now: Date
const log = {error: vi.fn()}
const {db, store} = embeddedBookingStore({set: setManageLogger, log})

beforeEach(async () => {
  await db.exec('delete from public.email_outbox; delete from public.booking_changes; delete from public.bookings')
  now = BOOKED_AT
  log.error.mockReset()
})

const emailsQueued = vi.fn()
function deps(overrides: Partial<ManageDeps> = {}): ManageDeps {
  return {store, now: () => new Date(now), availability: testAvailability, linkSecret: async () => SECRET, emailsQueued, ...overrides}
}

/** A booking made through the booking flow and paid; its manage link's token. */
async function paidBooking(request = houseRequest()): Promise<{id: string; token: string}> {
  const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  const result = await submitBooking(request, {store, payments, origin: ORIGIN, now: () => new Date(now), availability: testAvailability})
  if (!result.ok) throw new Error(`booking refused: ${JSON.stringify(result)}`)
  const booking = (await store.findById(result.bookingId))!
  await store.markPaid(booking.id, {sessionId: `cs_test_${booking.id}`, paidAt: now})
  return {id: booking.id, token: signManageToken(booking.id, manageLinkExpiry(booking.windowStartsAt!), SECRET)}
}

async function outbox(bookingId: string): Promise<{template: string; to_address: string | null; payload: Record<string, unknown>}[]> {
  const {rows} = await db.query<{template: string; to_address: string | null; payload: Record<string, unknown>}>(
    `select template, to_address, payload from public.email_outbox where payload ->> 'id' = $1 and template not like 'booking_paid.%' order by template`,
    [bookingId],
  )
  return rows
}

describe('the manage page', () => {
  it('shows the booking of a valid link, and that it can be changed', async () => {
    const {token} = await paidBooking()
    const view = await manageBookingView(token, deps())
    expect(view).toMatchObject({
      link: 'ok',
      booking: {
        service: 'House Cleaning – Regular Cleaning, Weekly',
        date: '2030-02-01',
        arrivalWindow: '08:00-10:00',
        arrivalWindowLabel: '8:00 AM – 10:00 AM',
        customerName: 'Ada Lovelace',
        paid: true,
        state: 'changeable',
        changes: [],
      },
    })
  })

  it('shows nothing for an altered, expired or foreign link', async () => {
    const {id, token} = await paidBooking()
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    expect(await manageBookingView(altered, deps())).toEqual({link: 'invalid'})
    expect(await manageBookingView(signManageToken(id, WINDOW_STARTS, 'another key'.padEnd(64, 'y')), deps())).toEqual({link: 'invalid'})
    now = new Date(manageLinkExpiry(WINDOW_STARTS.toISOString()).getTime() + 1000)
    expect(await manageBookingView(token, deps())).toEqual({link: 'expired'})
    expect(await manageBookingView(signManageToken('3f9a2b1c-1111-4222-8333-444455556666', WINDOW_STARTS, SECRET), deps({now: () => BOOKED_AT}))).toEqual({
      link: 'invalid',
    })
  })

  it('says to call inside 24 hours of the window, and for an unpaid booking', async () => {
    const {token} = await paidBooking()
    now = new Date(WINDOW_STARTS.getTime() - 24 * 3_600_000)
    expect(await manageBookingView(token, deps())).toMatchObject({booking: {state: 'tooLate'}})
    now = new Date(WINDOW_STARTS.getTime() - 24 * 3_600_000 - 1000)
    expect(await manageBookingView(token, deps())).toMatchObject({booking: {state: 'changeable'}})

    now = BOOKED_AT
    const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    const pending = await submitBooking(houseRequest(), {store, payments, origin: ORIGIN, now: () => now, availability: testAvailability})
    if (!pending.ok) throw new Error('refused')
    const pendingToken = signManageToken(pending.bookingId, manageLinkExpiry(WINDOW_STARTS.toISOString()), SECRET)
    expect(await manageBookingView(pendingToken, deps())).toMatchObject({booking: {state: 'notChangeable', paid: false}})
    expect(await rescheduleFromLink(pendingToken, {date: '2030-02-04', arrivalWindow: '10:00-12:00'}, deps())).toEqual({
      ok: false,
      kind: 'refused',
      refusal: 'notChangeable',
    })
  })
})

describe('moving a booking', () => {
  it('moves it to a free window more than 24 hours ahead, records when, frees the old place and tells both sides', async () => {
    const {id, token} = await paidBooking()
    now = new Date('2030-01-20T19:30:00Z')
    const answer = await rescheduleFromLink(token, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps())
    // The new link (generation 1, lasting a week past the new window) and the page it opens.
    const newToken = signManageToken(id, manageLinkExpiry('2030-02-05T20:00:00.000Z'), SECRET, 1)
    expect(answer).toMatchObject({ok: true, outcome: 'moved', token: newToken, booking: {date: '2030-02-05', state: 'changeable'}})
    expect(emailsQueued).toHaveBeenCalled()

    const moved = await store.findById(id)
    expect(moved).toMatchObject({date: '2030-02-05', arrivalWindow: '12:00-14:00', windowStartsAt: '2030-02-05T20:00:00.000Z', paymentStatus: 'paid'})
    expect(await store.changesOf(id)).toEqual([
      {kind: 'rescheduled', fromDate: '2030-02-01', fromWindow: '08:00-10:00', toDate: '2030-02-05', toWindow: '12:00-14:00', changedAt: now.toISOString()},
    ])
    expect(await store.placesTaken('indoor', '2030-02-01', '2030-02-05', now)).toEqual(new Map([['2030-02-05 12:00-14:00', 1]]))

    const messages = await outbox(id)
    expect(messages.map((message) => [message.template, message.to_address])).toEqual([
      ['booking_rescheduled.business', null],
      ['booking_rescheduled.customer', 'ada.lovelace@example.com'],
    ])
    expect(messages[0].payload).toMatchObject({fromDate: '2030-02-01', fromWindow: '08:00-10:00', toDate: '2030-02-05', toWindow: '12:00-14:00', sequence: 1, linkGeneration: 1})

    expect(await manageBookingView(token, deps())).toEqual({link: 'replaced'})
    const view = await manageBookingView(newToken, deps())
    expect(view).toMatchObject({link: 'ok', booking: {date: '2030-02-05', arrivalWindowLabel: '12:00 PM – 2:00 PM', state: 'changeable'}})
    expect(view.link === 'ok' && view.booking.changes).toEqual([
      {kind: 'moved', from: 'February 1, 2030, 8:00 AM – 10:00 AM', to: 'February 5, 2030, 12:00 PM – 2:00 PM', at: now.toISOString(), when: 'January 20, 2030 at 11:30 AM'},
    ])
    // A second move (with the new link) is a second change (the calendar file's next version).
    expect(await rescheduleFromLink(newToken, {date: '2030-02-06', arrivalWindow: '08:00-10:00'}, deps())).toMatchObject({ok: true, outcome: 'moved'})
    expect((await store.changesOf(id)).map((change) => change.toDate)).toEqual(['2030-02-05', '2030-02-06'])
    expect((await outbox(id)).filter((message) => message.template === 'booking_rescheduled.customer').map((message) => message.payload.sequence)).toEqual([1, 2])
  })

  it('refuses inside 24 hours of its window, and changes nothing', async () => {
    const {id, token} = await paidBooking()
    now = new Date(WINDOW_STARTS.getTime() - 23 * 3_600_000)
    expect(await rescheduleFromLink(token, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps())).toEqual({ok: false, kind: 'refused', refusal: 'tooLate'})
    expect(await requestCancellationFromLink(token, deps())).toEqual({ok: false, kind: 'refused', refusal: 'tooLate'})
    expect(await store.findById(id)).toMatchObject({date: '2030-02-01', arrivalWindow: '08:00-10:00', cancellationRequestedAt: null})
    expect(await store.changesOf(id)).toEqual([])
    expect(await outbox(id)).toEqual([])
  })

  it('refuses an expired or altered link', async () => {
    const {id, token} = await paidBooking()
    const altered = `${token.slice(0, 10)}${token[10] === 'a' ? 'b' : 'a'}${token.slice(11)}`
    expect(await rescheduleFromLink(altered, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps())).toEqual({ok: false, kind: 'link', refusal: 'linkInvalid'})
    expect(await requestCancellationFromLink(altered, deps())).toEqual({ok: false, kind: 'link', refusal: 'linkInvalid'})
    const expired = signManageToken(id, new Date(BOOKED_AT.getTime() - 1000), SECRET)
    expect(await rescheduleFromLink(expired, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps())).toEqual({ok: false, kind: 'link', refusal: 'linkExpired'})
    expect(await store.changesOf(id)).toEqual([])
  })

  it('refuses a full window (the database counts, as for a new booking)', async () => {
    // 12–2 takes 2 indoor bookings: two there, a third tries to move in.
    await paidBooking(houseRequest({date: '2030-02-05', arrivalWindow: '12:00-14:00'}))
    await paidBooking(houseRequest({date: '2030-02-05', arrivalWindow: '12:00-14:00'}))
    const {id, token} = await paidBooking()
    expect(await rescheduleFromLink(token, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps())).toEqual({
      ok: false,
      kind: 'validation',
      fieldErrors: {arrivalWindow: 'windowFull'},
    })
    expect(await store.findById(id)).toMatchObject({date: '2030-02-01', arrivalWindow: '08:00-10:00'})
    expect(await outbox(id)).toEqual([])
  })

  it('two windows left, ten customers moving in at once: exactly two move', async () => {
    const bookings = []
    for (let n = 0; n < 10; n++) bookings.push(await paidBooking(houseRequest({date: `2030-02-0${1 + (n % 2)}`, arrivalWindow: n < 5 ? '08:00-10:00' : '10:00-12:00'})))
    const results = await Promise.all(bookings.map(({token}) => rescheduleFromLink(token, {date: '2030-02-07', arrivalWindow: '14:00-16:00'}, deps())))
    expect(results.filter((result) => result.ok)).toHaveLength(2)
    expect(results.filter((result) => !result.ok && result.kind === 'validation')).toHaveLength(8)
    expect(await store.placesTaken('indoor', '2030-02-07', '2030-02-07', now)).toEqual(new Map([['2030-02-07 14:00-16:00', 2]]))
  })

  it.each([
    ['a closed day (Sunday)', {date: '2030-02-03', arrivalWindow: '08:00-10:00'}, {date: 'dateClosed'}],
    ['a date past the horizon', {date: '2030-03-20', arrivalWindow: '08:00-10:00'}, {date: 'dateTooFar?days=60'}],
    ['a window the rules do not have', {date: '2030-02-05', arrivalWindow: '09:00-11:00'}, {arrivalWindow: 'windowUnknown'}],
    ['a window commercial crews do not work (capacity 0)', {date: '2030-02-05', arrivalWindow: '10:00-12:00'}, {arrivalWindow: 'windowUnknown'}, commercialRequest],
    ["the commercial crews' evening window, for the house crews", {date: '2030-02-05', arrivalWindow: '20:00-22:00'}, {arrivalWindow: 'windowUnknown'}],
    ['no date', {arrivalWindow: '08:00-10:00'}, {date: 'dateInvalid'}],
    ['no window', {date: '2030-02-05'}, {arrivalWindow: 'windowRequired'}],
  ])('refuses %s with a message on its field', async (_name, body, fieldErrors, make = houseRequest) => {
    const {id, token} = await paidBooking(make())
    expect(await rescheduleFromLink(token, body, deps())).toEqual({ok: false, kind: 'validation', fieldErrors})
    expect(await store.changesOf(id)).toEqual([])
  })

  it("moves a commercial booking to its own crew's Sunday evening, with that window's places", async () => {
    // Sunday 2030-02-03, 8–10 pm: the commercial crews' window takes one booking.
    const first = await paidBooking(commercialRequest())
    const second = await paidBooking(commercialRequest({arrivalWindow: '12:00-14:00'}))
    const sundayEvening = {date: '2030-02-03', arrivalWindow: '20:00-22:00'}
    expect(await rescheduleFromLink(first.token, sundayEvening, deps())).toMatchObject({ok: true, outcome: 'moved'})
    expect(await store.findById(first.id)).toMatchObject({...sundayEvening, windowStartsAt: '2030-02-04T04:00:00.000Z'})
    expect(await rescheduleFromLink(second.token, sundayEvening, deps())).toEqual({ok: false, kind: 'validation', fieldErrors: {arrivalWindow: 'windowFull'}})
    expect(await rescheduleFromLink(second.token, {date: '2030-02-03', arrivalWindow: '06:00-08:00'}, deps())).toMatchObject({ok: true, outcome: 'moved'})
  })

  it('refuses the window it already has', async () => {
    const {token} = await paidBooking()
    expect(await rescheduleFromLink(token, {date: '2030-02-01', arrivalWindow: '08:00-10:00'}, deps())).toEqual({ok: false, kind: 'refused', refusal: 'sameWindow'})
  })

  it('answers "try again" when the database fails, and logs why', async () => {
    const {token} = await paidBooking()
    const broken: BookingStore = {...store, findById: store.findById.bind(store), changesOf: async () => [], reschedule: async () => Promise.reject(new Error('connection lost'))}
    expect(await rescheduleFromLink(token, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps({store: broken}))).toEqual({ok: false, kind: 'save'})
    expect(log.error).toHaveBeenCalled()
  })
})

describe('asking to cancel', () => {
  it('records the request once, tells the business and the customer, and then allows no move', async () => {
    const {id, token} = await paidBooking()
    now = new Date('2030-01-22T17:00:00Z')
    const answer = await requestCancellationFromLink(token, deps())
    const newToken = signManageToken(id, manageLinkExpiry(WINDOW_STARTS.toISOString()), SECRET, 1)
    expect(answer).toMatchObject({ok: true, outcome: 'cancellationRequested', token: newToken, booking: {state: 'cancellationRequested'}})
    expect(await store.findById(id)).toMatchObject({cancellationRequestedAt: now.toISOString(), paymentStatus: 'paid', date: '2030-02-01'})
    expect(await store.changesOf(id)).toEqual([
      {kind: 'cancellation_requested', fromDate: '2030-02-01', fromWindow: '08:00-10:00', toDate: null, toWindow: null, changedAt: now.toISOString()},
    ])
    expect((await outbox(id)).map((message) => [message.template, message.to_address])).toEqual([
      ['booking_cancellation_requested.business', null],
      ['booking_cancellation_requested.customer', 'ada.lovelace@example.com'],
    ])

    // The old link is replaced; the new one shows the request and allows no second one, nor a move.
    expect(await requestCancellationFromLink(token, deps())).toEqual({ok: false, kind: 'link', refusal: 'linkReplaced'})
    expect(await requestCancellationFromLink(newToken, deps())).toEqual({ok: false, kind: 'refused', refusal: 'cancellationRequested'})
    expect(await rescheduleFromLink(newToken, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps())).toEqual({
      ok: false,
      kind: 'refused',
      refusal: 'cancellationRequested',
    })
    expect(await manageBookingView(newToken, deps())).toMatchObject({booking: {state: 'cancellationRequested', cancellationRequestedAt: now.toISOString()}})
    expect(await outbox(id)).toHaveLength(2)
  })
})

describe('a change replaces the link', () => {
  it("after a move the old link's page says it was replaced, and a move or cancellation with it is refused and changes nothing", async () => {
    const {id, token} = await paidBooking()
    now = new Date('2030-01-20T19:30:00Z')
    const moved = await rescheduleFromLink(token, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps())
    if (!moved.ok) throw new Error(`not moved: ${JSON.stringify(moved)}`)
    const before = {booking: await store.findById(id), changes: await store.changesOf(id), outbox: await outbox(id)}

    expect(await manageBookingView(token, deps())).toEqual({link: 'replaced'})
    expect(await rescheduleFromLink(token, {date: '2030-02-06', arrivalWindow: '08:00-10:00'}, deps())).toEqual({ok: false, kind: 'link', refusal: 'linkReplaced'})
    expect(await requestCancellationFromLink(token, deps())).toEqual({ok: false, kind: 'link', refusal: 'linkReplaced'})
    expect({booking: await store.findById(id), changes: await store.changesOf(id), outbox: await outbox(id)}).toEqual(before)

    // The link the move's e-mail carries (the payload's generation, signed as the e-mail's is) works.
    const [customerEmail] = before.outbox.filter((message) => message.template === 'booking_rescheduled.customer')
    const fromEmail = signManageToken(id, manageLinkExpiry(String(customerEmail.payload.windowStartsAt)), SECRET, Number(customerEmail.payload.linkGeneration))
    expect(fromEmail).toBe(moved.token)
    expect(await manageBookingView(fromEmail, deps())).toMatchObject({link: 'ok', booking: {date: '2030-02-05', state: 'changeable'}})
    expect(await requestCancellationFromLink(fromEmail, deps())).toMatchObject({ok: true, outcome: 'cancellationRequested'})
    // …and is replaced in its turn.
    expect(await manageBookingView(fromEmail, deps())).toEqual({link: 'replaced'})
  })

  it('two changes racing with one link: one is made, the other is refused as replaced (the database checks under the lock)', async () => {
    const {id, token} = await paidBooking()
    const results = await Promise.all([
      rescheduleFromLink(token, {date: '2030-02-05', arrivalWindow: '12:00-14:00'}, deps()),
      requestCancellationFromLink(token, deps()),
      rescheduleFromLink(token, {date: '2030-02-06', arrivalWindow: '08:00-10:00'}, deps()),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok)).toEqual([
      {ok: false, kind: 'link', refusal: 'linkReplaced'},
      {ok: false, kind: 'link', refusal: 'linkReplaced'},
    ])
    expect(await store.changesOf(id)).toHaveLength(1)
    expect((await store.findById(id))?.manageLinkGeneration).toBe(1)
  })

  it('a link of a generation the booking never had opens nothing', async () => {
    const {id} = await paidBooking()
    expect(await manageBookingView(signManageToken(id, manageLinkExpiry(WINDOW_STARTS.toISOString()), SECRET, 3), deps())).toEqual({link: 'invalid'})
  })
})
