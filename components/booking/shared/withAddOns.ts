import {formatUsd} from '@/lib/booking/money'

/** Each option with what it adds to the price: "+$30.00". */
export function withAddOns<O extends string>(options: readonly O[], cents: Record<O, number>) {
  return options.map((option) => ({value: option, label: option, description: `+${formatUsd(cents[option])}`}))
}
