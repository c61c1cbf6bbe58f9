/** Exterior cleaning prices (/exterior_cleaning), in integer cents. */
import {INDUSTRY_NAMES} from '../catalog/common'
import {EXTERIOR_FREQUENCIES, EXTERIOR_SERVICES, type ExteriorFrequency, type ExteriorService} from '../catalog/exterior'
import {assertOption, fields, line, previewOption, sum, type ExteriorBreakdown, type PriceLine} from './common'

export const EXTERIOR_BASE_CENTS = 4000
export const EXTERIOR_FREQUENCY_CENTS = {'Every 3 Months': 1000, 'Every 6 Months': 2000, 'One-Time': 3000} as const satisfies Record<
  ExteriorFrequency,
  number
>
export const EXTERIOR_SERVICE_CENTS = {
  'Roof Cleaning': 1000,
  'Gutter Cleaning': 2000,
  'House Washing': 3000,
  'Pressure Washing': 4000,
} as const satisfies Record<ExteriorService, number>

/**
 * The fields that decide an exterior price. Service and frequency may be null for a live summary
 * (their add-on is then 0); a validated booking always has both. The exterior tip and parking
 * choices are recorded but not priced, so they are not inputs here.
 */
export interface ExteriorPriceInput {
  readonly service: ExteriorService | null
  readonly frequency: ExteriorFrequency | null
}

/** Base $40 + frequency + service. */
export function priceExterior(values: ExteriorPriceInput): ExteriorBreakdown {
  const lines: PriceLine[] = [line('Base', EXTERIOR_BASE_CENTS)]
  const names: string[] = []
  if (values.service) {
    const service = assertOption(values.service, EXTERIOR_SERVICES, 'exterior service')
    lines.push(line(`Service: ${service}`, EXTERIOR_SERVICE_CENTS[service]))
    names.push(service)
  }
  if (values.frequency) {
    const frequency = assertOption(values.frequency, EXTERIOR_FREQUENCIES, 'exterior frequency')
    lines.push(line(`Frequency: ${frequency}`, EXTERIOR_FREQUENCY_CENTS[frequency]))
    names.push(frequency)
  }
  const subtotalCents = sum(lines)
  return {
    industry: 'exterior',
    description: [INDUSTRY_NAMES.exterior, names.join(', ')].filter(Boolean).join(' – '),
    lines,
    subtotalCents,
    tipPercent: 0,
    tipCents: 0,
    parkingCents: 0,
    coupon: null,
    discountCents: 0,
    totalCents: subtotalCents,
  }
}

/** The exterior summary: $40 plus whatever service and frequency are validly chosen. */
export function previewExteriorPrice(values: unknown): ExteriorBreakdown {
  const form = fields(values)
  return priceExterior({
    service: previewOption(form?.service, EXTERIOR_SERVICES) ?? null,
    frequency: previewOption(form?.frequency, EXTERIOR_FREQUENCIES) ?? null,
  })
}
