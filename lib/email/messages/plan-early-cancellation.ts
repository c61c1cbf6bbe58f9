/**
 * An early-cancellation charge that did not go through: no e-mail to the customer (their plan's
 * cancellation e-mail says what is owed); queued for the business only.
 */
import type {MessageView} from '../view'

export function planEarlyCancellationEmail(): MessageView {
  throw new Error('The early-cancellation charge is not e-mailed to the customer')
}
