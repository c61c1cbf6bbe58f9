import {render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {vi} from 'vitest'
import {BookingForm, BookingSummary} from '@/components/booking/BookingForm'
import {CarpetBooking} from '@/components/booking/definitions/carpet'
import {CommercialBooking} from '@/components/booking/definitions/commercial'
import {ExteriorBooking} from '@/components/booking/definitions/exterior'
import {HouseBooking} from '@/components/booking/definitions/house'
import {loadLaterSections} from '@/components/booking/shared/HydrateLater'
import {addDays} from '@/lib/booking/availability'
import {todayInCompanyTimeZone} from '@/lib/booking/rules'
import {textsOf} from './booking-form'

/**
 * One booking screen's form and its sidebar summary, as the page puts them together (the page's
 * server parts, heading and sidebar boxes aside), with the content's texts. The network is a
 * stand-in: /api/availability offers one day with one window, and every POST to /api/bookings is
 * recorded and answered 503 (nothing here may get that far; booking-screens.spec.ts pays for real).
 * The only file that knows how the booking components are put together: the rest of the component
 * tests see the DOM.
 */

// The forms' later sections are their own chunks, fetched on first use in a page: here they are
// there from the start, as a screen rendered after its code has arrived.
await loadLaterSections()

/** Each form's provider, bound to its definition (components/booking/definitions). */
const SCREENS = {
  house: HouseBooking,
  carpet: CarpetBooking,
  exterior: ExteriorBooking,
  commercial: CommercialBooking,
} as const

export type Screen = keyof typeof SCREENS

/** The day the stand-in offers: two weeks ahead (within every form's lead time and horizon). */
export const OFFERED_DAY = addDays(todayInCompanyTimeZone(), 14)
export const OFFERED_WINDOW = '08:00-10:00'

export function renderBookingScreen(industry: Screen) {
  const posts: unknown[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.href)
    if (url.pathname === '/api/availability') {
      const body = {
        earliest: todayInCompanyTimeZone(),
        latest: addDays(todayInCompanyTimeZone(), 60),
        days: [{date: OFFERED_DAY, windows: [{window: OFFERED_WINDOW, start: '08:00', end: '10:00', left: 2}]}],
      }
      return new Response(JSON.stringify(body), {status: 200, headers: {'Content-Type': 'application/json'}})
    }
    if (url.pathname === '/api/bookings' && init?.method === 'POST') posts.push(JSON.parse(String(init.body)))
    return new Response(JSON.stringify({ok: false, kind: 'unavailable'}), {status: 503, headers: {'Content-Type': 'application/json'}})
  })
  const texts = textsOf(industry)
  const Provider = SCREENS[industry]
  render(
    <Provider texts={texts as never}>
      <main>
        <BookingForm />
      </main>
      <aside aria-label="Booking summary and help">
        <BookingSummary />
      </aside>
    </Provider>,
  )
  const form = screen.getByRole('form', {name: texts.formName})
  const sidebar = screen.getByRole('complementary')
  return {
    user: userEvent.setup({delay: null}),
    texts,
    form,
    posts,
    /** The sidebar summary's row labelled `label`: its value. */
    row(label: string): string | null {
      const term = within(sidebar).queryAllByRole('term').find((dt) => dt.textContent === label)
      return term ? (term.nextElementSibling?.textContent ?? null) : null
    },
    /** The sidebar summary's total ("Total $90.00"). */
    total: () => within(sidebar).getByTestId('summary-total').textContent,
    /** The sidebar summary. */
    summary: () => within(sidebar).getByRole('region'),
    /** A radio group of the form by its accessible name (exact, or a pattern). */
    group: (name: string | RegExp) => within(form).getByRole('group', {name: accessibleName(name)}),
    /** A text field of the form by its label (the " (required)" hint aside). */
    textbox: (name: string | RegExp) => within(form).getByRole('textbox', {name: accessibleName(name, true)}),
    confirm: () => within(form).getByRole('button', {name: 'Confirm & Pay'}),
  }
}

/**
 * Matches an accessible name as a browser computes it. jsdom's computation (dom-accessibility-api)
 * drops the space at the start of the "(required)" hint's span ("Services(required)"), which
 * Chromium keeps; `orRequired` also accepts the name followed by the hint.
 */
export function accessibleName(name: string | RegExp, orRequired = false): (computed: string) => boolean {
  return (computed) => {
    const spaced = computed.replace(/(\S)\(required\)$/, '$1 (required)')
    if (typeof name !== 'string') return name.test(spaced)
    return spaced === name || (orRequired && spaced === `${name} (required)`)
  }
}

/** Picks the offered day in the form's calendar (once it has loaded) and its window. */
export async function chooseArrival(view: ReturnType<typeof renderBookingScreen>) {
  const label = new Intl.DateTimeFormat('en-US', {weekday: 'long', month: 'long', day: 'numeric', year: 'numeric'}).format(
    new Date(`${OFFERED_DAY}T12:00:00`),
  )
  const day = await within(view.form).findByRole('button', {name: label}, {timeout: 10_000})
  await view.user.click(day)
  await view.user.click(within(view.group(/^Arrival window/)).getByRole('radio'))
}

/** The description (aria-describedby) of an element, as assistive technology reads it. */
export function descriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? []
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim()
}
