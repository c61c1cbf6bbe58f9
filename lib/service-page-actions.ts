import {bookableServiceHref, type BookableService} from './booking/catalog'
import type {ServicePageLayout} from './content'
import {mailtoHref, telHref} from './format'

/**
 * Where a service page's calls to action lead, by the page's layout:
 *
 * - information (regular, move out/in, deep, post-construction): 'Get Started' and 'Book Now' go to
 *   the house cleaning booking form, with the page's service ("Bookable online as") chosen.
 * - carpetLanding (carpet and upholstery): both go to the carpet booking form; no quote section.
 * - quoteLanding (exterior and commercial): both jump to the in-page quote section (#quote).
 * - mold: 'Schedule Your Inspection' dials the company (inspections are booked by phone only).
 *
 * Plain TypeScript, no React: the page and its tests share this one rule.
 */

export const HOUSE_BOOKING_PATH = '/house_cleaning'
export const CARPET_BOOKING_PATH = '/carpet_cleaning'
/** Anchor id of the quote section on quote landings and the mold page. */
export const QUOTE_SECTION_ID = 'quote'

export type CallToActionKind = 'booking' | 'quoteAnchor' | 'phone'

export type CallToActionTarget = {
  href: string
  kind: CallToActionKind
}

export type ServicePageActions = {
  /** The hero's button (label: hero.ctaLabel). */
  hero: CallToActionTarget
  /** The final call to action's button (label: finalCta.buttonLabel). */
  final: CallToActionTarget
  /** Whether the page shows the quote section (id="quote"). */
  showQuoteSection: boolean
}

/** Layouts whose page has a quote section; the Studio requires one for them. */
export function layoutHasQuoteSection(layout: ServicePageLayout): boolean {
  return layout === 'quoteLanding' || layout === 'mold'
}

/**
 * The targets of a page's two calls to action.
 *
 * `hasQuoteContent` says whether the page's content has a quote section: the Studio requires one for
 * quote landings, but should one be missing, 'Request a Quote' dials the company instead of jumping
 * to an anchor that is not there. `bookingService` is the page's bookable service: a house service
 * on an information page opens the house form with it chosen (without one, the form as it is).
 */
export function serviceCallsToAction(
  layout: ServicePageLayout,
  {phone, hasQuoteContent, bookingService = null}: {phone: string; hasQuoteContent: boolean; bookingService?: BookableService | null},
): ServicePageActions {
  const showQuoteSection = layoutHasQuoteSection(layout) && hasQuoteContent
  const phoneTarget: CallToActionTarget = {href: telHref(phone), kind: 'phone'}

  switch (layout) {
    case 'information': {
      const href = bookingService?.industry === 'house' ? bookableServiceHref(bookingService) : HOUSE_BOOKING_PATH
      const booking: CallToActionTarget = {href, kind: 'booking'}
      return {hero: booking, final: booking, showQuoteSection}
    }
    case 'carpetLanding': {
      const booking: CallToActionTarget = {href: CARPET_BOOKING_PATH, kind: 'booking'}
      return {hero: booking, final: booking, showQuoteSection}
    }
    case 'quoteLanding': {
      const target: CallToActionTarget = showQuoteSection
        ? {href: `#${QUOTE_SECTION_ID}`, kind: 'quoteAnchor'}
        : phoneTarget
      return {hero: target, final: target, showQuoteSection}
    }
    case 'mold':
      return {hero: phoneTarget, final: phoneTarget, showQuoteSection}
    default: {
      const unknown: never = layout
      throw new Error(`Unknown service page layout: ${String(unknown)}`)
    }
  }
}

/** Subject line of a quote e-mail, naming the service ("Quote request: Roof Cleaning"). */
export function quoteEmailSubject(serviceTitle: string): string {
  return `Quote request: ${serviceTitle.trim()}`
}

/** Subject line of a question about the service ("Question about Roof Cleaning"). */
export function questionEmailSubject(serviceTitle: string): string {
  return `Question about ${serviceTitle.trim()}`
}

/** A mailto: link to the company with the given subject line. */
export function emailHref(email: string, subject: string): string {
  return `${mailtoHref(email)}?subject=${encodeURIComponent(subject)}`
}

/** A mailto: link asking the company for a quote, with a subject naming the service. */
export function quoteEmailHref(email: string, serviceTitle: string): string {
  return emailHref(email, quoteEmailSubject(serviceTitle))
}
