'use client'

import {EXTERIOR_FREQUENCIES, EXTERIOR_PARKING_OPTIONS, EXTERIOR_TIP_OPTIONS} from '@/lib/booking/catalog/exterior'
import {EXTERIOR_FREQUENCY_CENTS} from '@/lib/booking/pricing/exterior'
import {ArrivalSection} from '../shared/ArrivalSection'
import {CustomerDetailsSection, FrequencySection, KeyInfoSection, NotesSection, TipsSection} from '../shared/DetailSections'
import {withAddOns} from '../shared/withAddOns'

/*
 * The exterior form's later sections (exterior.tsx lists them in page order): their own chunk,
 * fetched when the visitor first uses the form.
 */

export const Frequency = () => <FrequencySection options={withAddOns(EXTERIOR_FREQUENCIES, EXTERIOR_FREQUENCY_CENTS)} />
export const Arrival = () => <ArrivalSection industry="exterior" />
export const Tips = () => <TipsSection tipLegend="Tip for your crew" tipOptions={EXTERIOR_TIP_OPTIONS} parkingOptions={EXTERIOR_PARKING_OPTIONS} />
export const Customer = CustomerDetailsSection
export const KeyInfo = KeyInfoSection
export const Notes = NotesSection
