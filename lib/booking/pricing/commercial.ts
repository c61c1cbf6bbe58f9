/** Commercial cleaning prices (/commercial_cleaning), in integer cents. */
import {INDUSTRY_NAMES} from '../catalog/common'
import {COMMERCIAL_SUB_SERVICES, type CommercialSubService} from '../catalog/commercial'
import {assertOption, fields, line, previewOption, sum, type CommercialBreakdown, type PriceLine} from './common'

export const COMMERCIAL_BASE_CENTS = 4000
export const COMMERCIAL_SUB_SERVICE_CENTS = {
  'Construction Final Clean': 1000,
  'Corporate Office Cleaning': 2000,
  'Retail Spaces Cleaning': 3000,
  'VRBO and AIRBNB Cleaning': 4000,
} as const satisfies Record<CommercialSubService, number>

/** No sub-service (live summary only) gives the base $40. */
export interface CommercialPriceInput {
  readonly subService: CommercialSubService | null
}

/** Base $40 + the sub-service's add-on (totals 50, 60, 70, 80). */
export function priceCommercial(values: CommercialPriceInput): CommercialBreakdown {
  const lines: PriceLine[] = [line('Base', COMMERCIAL_BASE_CENTS)]
  let description: string = INDUSTRY_NAMES.commercial
  if (values.subService) {
    const subService = assertOption(values.subService, COMMERCIAL_SUB_SERVICES, 'commercial sub-service')
    lines.push(line(subService, COMMERCIAL_SUB_SERVICE_CENTS[subService]))
    description += ` – ${subService}`
  }
  const subtotalCents = sum(lines)
  return {
    industry: 'commercial',
    description,
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

/** The commercial summary: $40 plus the sub-service's add-on once one is chosen. */
export function previewCommercialPrice(values: unknown): CommercialBreakdown {
  return priceCommercial({subService: previewOption(fields(values)?.subService, COMMERCIAL_SUB_SERVICES) ?? null})
}
