import {fillIn} from '../format'
import {findBookableService, type BookableService} from './catalog'
import {formatUsd} from './money'
import {cheapestStartingPrice} from './pricing'

/**
 * "From $X" of a service page or a home page card: the content's text ("From {price}", or
 * "{hourlyRate} per hour" for a service booked by the hour) with the starting price of the booking
 * catalog filled in (startingPriceCents, the same figure as a quote landing's "Book online"), so no
 * page can show one price and charge another. Null when the text or the services are missing.
 */
export function startingPriceText(serviceIds: readonly (string | null | undefined)[], text: string | null | undefined): string | null {
  const services = serviceIds.map(findBookableService).filter((service): service is BookableService => service !== null)
  const price = cheapestStartingPrice(services)
  if (!price || !text) return null
  const amount = formatUsd(price.cents)
  return fillIn(text, {price: amount, hourlyRate: amount})
}
