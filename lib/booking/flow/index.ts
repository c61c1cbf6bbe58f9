/**
 * The booking flow on the server, in plain TypeScript (no React, no SDK, no environment): every
 * dependency is passed in, so the same code runs in the route handlers, the pages and the tests.
 * One module per step:
 *
 * - `submit.ts` (`submitBooking`): validate, price, store as `pending`, create and attach the checkout.
 * - `bookable-days.ts`: the dates and arrival windows a form may offer now.
 * - `fulfil.ts` (`fulfilCheckout`): the provider says the checkout is paid → `paid`, once.
 * - `webhook.ts` (`handlePaymentEvent`): a verified webhook event → paid / expired / failed, or nothing.
 * - `success-page.ts`, `cancel.ts`: what /success may show, and the way back from /cancel.
 */
export {checkoutDescription, setFlowLogger, type BookingFlowDeps, type FlowLogger} from './shared'
export {
  CHECKOUT_HOLD_MINUTES,
  sameBookingDetails,
  slotFields,
  slotRefusal,
  submitBooking,
  successUrlFor,
  toNewBooking,
  type SubmitBookingResult,
} from './submit'
export {bookingAvailability, estimateAvailability, type BookingAvailability} from './bookable-days'
export {fulfilCheckout, type ConfirmDeps, type FulfilResult} from './fulfil'
export {handlePaymentEvent, type PaymentEventResult} from './webhook'
export {PAYMENT_CHECK_INTERVAL_SECONDS, singleParam} from './result-pages'
export {bookingSummaryForSuccess, successPageSummary, type SuccessSummary} from './success-page'
export {acknowledgeCancel} from './cancel'
