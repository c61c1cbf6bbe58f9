'use client'

import {ArrivalSection} from '@/components/booking/shared/ArrivalSection'
import {BookingFormFooter, CustomerDetailsSection, NotesSection} from '@/components/booking/shared/BookingSections'
import {useEffect, useMemo, type ReactNode} from 'react'
import {useFormState, useWatch} from 'react-hook-form'
import {ConfirmPayButton} from '@/components/booking/shared/ConfirmPayButton'
import {CouponField} from '@/components/booking/shared/CouponField'
import {
  CountStepper,
  FieldsetSection,
  FormSection,
  RadioCardGroup,
  } from '@/components/forms/fields'
import sharedStyles from '@/components/booking/shared/booking.module.css'
import {SummaryCard, type SummaryRow} from '@/components/booking/shared/SummaryCard'
import {useBookingTexts} from '@/components/booking/shared/BookingTexts'
import {BookingFormProvider, useBookingForm, useBookingFormContext, type BookingFormValues} from '@/components/booking/shared/useBookingForm'
import type {BookingFormTexts} from '@/lib/content'
import {fillIn} from '@/lib/format'
import {useBookingSubmit} from '@/components/booking/shared/useBookingSubmit'
import {
  CARPET_COUNTS,
  CARPET_DEFAULTS,
  CARPET_EXTRAS,
  CARPET_FREQUENCIES,
  EXTRA_COUNT_MAX,
  INDUSTRY_NAMES,
  KEY_INFO_OPTIONS,
  LOCATIONS,
  type CarpetFrequency,
} from '@/lib/booking/catalog'
import {formatUsd} from '@/lib/booking/money'
import {CARPET_EXTRA_CENTS, CARPET_UNIT_CENTS, previewCarpetPrice, type CarpetBreakdown} from '@/lib/booking/pricing'

/*
 * The carpet cleaning booking screen (/carpet_cleaning, spec §2 and §9): location, frequency, rooms
 * (0–10) and staircases (0–5), extras with counts priced per unit by frequency, date, customer
 * details, key information, notes, coupon (a percentage, decisions.md), Confirm & Pay; and the
 * sidebar's live summary. The form and the summary share one react-hook-form instance through
 * CarpetBookingProvider, which the page wraps around BookingPageLayout. Validation is the server's
 * zod schema (carpetBookingSchema): frequency required, at least one room or staircase, and the
 * exterior form's customer-detail messages (decisions.md).
 */

type CarpetValues = BookingFormValues['carpet']

const CARPET_FORM_DEFAULTS = {
  ...CARPET_DEFAULTS,
  extras: {...CARPET_DEFAULTS.extras},
  industry: 'carpet' as const,
  frequency: '' as never,
  date: '',
  arrivalWindow: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  keyInfo: '',
  notes: '',
  coupon: '',
} satisfies Partial<CarpetValues>

/** Wraps the page (form and sidebar) so the summary follows what is typed. */
export function CarpetBookingProvider({texts, children}: {texts: BookingFormTexts<'carpet'>; children: ReactNode}) {
  const form = useBookingForm('carpet', CARPET_FORM_DEFAULTS, texts.messages)
  return (
    <BookingFormProvider form={form} texts={texts}>
      {children}
    </BookingFormProvider>
  )
}

/** The form's values as they are now, priced with the same function the server charges with (null until a frequency is chosen). */
function useCarpetPreview(): {values: Partial<CarpetValues>; breakdown: CarpetBreakdown | null} {
  const {control} = useBookingFormContext<'carpet'>()
  const values = useWatch({control}) as Partial<CarpetValues>
  const breakdown = useMemo(() => previewCarpetPrice(values), [values])
  return {values, breakdown}
}

function isCarpetFrequency(value: unknown): value is CarpetFrequency {
  return (CARPET_FREQUENCIES as readonly unknown[]).includes(value)
}

/** "Pet, Food, Drink Stain × 2, HALLWAYS × 1", or "None". */
export function extrasSummary(extras: Partial<Record<string, number>> | undefined): string {
  const chosen = CARPET_EXTRAS.flatMap((extra) => {
    const count = extras?.[extra] ?? 0
    return typeof count === 'number' && count > 0 ? [`${extra} \u00d7 ${count}`] : []
  })
  return chosen.length > 0 ? chosen.join(', ') : 'None'
}

/** The sidebar's summary: industry, frequency, rooms, staircases, extras, every price line, discount, total. */
export function CarpetSummary() {
  const {values, breakdown} = useCarpetPreview()
  const rows: SummaryRow[] = [
    {label: 'Industry', value: INDUSTRY_NAMES.carpet},
    {label: 'Frequency', value: values.frequency || 'Not selected'},
    {label: 'Rooms', value: String(values.rooms ?? CARPET_COUNTS.rooms.default)},
    {label: 'Staircases', value: String(values.stairs ?? CARPET_COUNTS.stairs.default)},
    {label: 'Extras', value: extrasSummary(values.extras as Partial<Record<string, number>> | undefined)},
  ]
  const texts = useBookingTexts<'carpet'>()
  return <SummaryCard heading={texts.summaryHeading} rows={rows} breakdown={breakdown} showDiscount pendingText={texts.pricePending} />
}

/**
 * "$44.00 each" at the chosen frequency; until one is chosen, the three rates in the frequencies'
 * order ("$52.00 / $47.00 / $44.00 each", One-Time / Every 6 Months / Every 3 Months).
 */
function unitNote(unitCents: Record<CarpetFrequency, number>, frequency: CarpetFrequency | null): string {
  if (frequency) return `${formatUsd(unitCents[frequency])} each`
  return `${CARPET_FREQUENCIES.map((option) => formatUsd(unitCents[option])).join(' / ')} each`
}

/** The section line that says which rate the notes show. */
function rateLine(texts: BookingFormTexts<'carpet'>, frequency: CarpetFrequency | null): string {
  return frequency ? fillIn(texts.rateChosen, {frequency}) : fillIn(texts.ratesAll, {frequencies: CARPET_FREQUENCIES.join(' / ')})
}

/**
 * "Please add at least one room or staircase." sits beside Rooms, but adding a staircase answers it
 * too: re-check Rooms whenever the staircase count changes while that message is shown.
 */
function useRecheckRoomsWithStairs() {
  const {control, trigger} = useBookingFormContext<'carpet'>()
  const stairs = useWatch({control, name: 'stairs'})
  const roomsInvalid = Boolean(useFormState({control, name: 'rooms'}).errors.rooms)
  useEffect(() => {
    if (roomsInvalid) void trigger('rooms')
  }, [stairs, roomsInvalid, trigger])
}

export function CarpetBookingForm() {
  const {control} = useBookingFormContext<'carpet'>()
  useRecheckRoomsWithStairs()
  const {formProps, busy, formError} = useBookingSubmit('carpet')
  const chosenFrequency = useWatch({control, name: 'frequency'})
  const frequency = isCarpetFrequency(chosenFrequency) ? chosenFrequency : null
  const texts = useBookingTexts<'carpet'>()

  return (
    <form {...formProps} aria-label={texts.formName} className={sharedStyles.form}>
      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="location"
          legend={texts.locationHeading}
          headingLevel={2}
          options={LOCATIONS}
          required
        />
      </FieldsetSection>

      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="frequency"
          legend="Frequency"
          headingLevel={2}
          description={texts.frequencyHelp}
          required
          options={CARPET_FREQUENCIES.map((option) => ({
            value: option,
            label: option,
            description: `${formatUsd(CARPET_UNIT_CENTS[option])} per room or staircase`,
          }))}
        />
      </FieldsetSection>

      <FormSection
        heading={texts.roomsHeading}
        description={`${texts.roomsHelp} ${rateLine(texts, frequency)}`}
        grid
      >
        <CountStepper
          control={control}
          name="rooms"
          label={CARPET_COUNTS.rooms.label}
          min={CARPET_COUNTS.rooms.min}
          max={CARPET_COUNTS.rooms.max}
          note={unitNote(CARPET_UNIT_CENTS, frequency)}
        />
        <CountStepper
          control={control}
          name="stairs"
          label={CARPET_COUNTS.stairs.label}
          min={CARPET_COUNTS.stairs.min}
          max={CARPET_COUNTS.stairs.max}
          note={unitNote(CARPET_UNIT_CENTS, frequency)}
        />
      </FormSection>

      <FormSection
        heading={texts.extrasHeading}
        description={rateLine(texts, frequency)}
      >
        <div>
          {CARPET_EXTRAS.map((extra) => (
            <CountStepper
              key={extra}
              control={control}
              name={`extras.${extra}`}
              label={extra}
              min={0}
              max={EXTRA_COUNT_MAX}
              note={unitNote(CARPET_EXTRA_CENTS[extra], frequency)}
            />
          ))}
        </div>
      </FormSection>

      <ArrivalSection industry="carpet" />

      <CustomerDetailsSection />

      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="keyInfo"
          legend={texts.keyInfoHeading}
          headingLevel={2}
          description={texts.keyInfoHelp}
          size="compact"
          options={KEY_INFO_OPTIONS}
        />
      </FieldsetSection>

      <NotesSection />

      <FormSection heading={texts.couponHeading} description={texts.couponHelp}>
        <CouponField control={control} name="coupon" industry="carpet" onInvalid="clear" />
      </FormSection>

      <BookingFormFooter formError={formError} summary={<CarpetSummary />}>
        <CarpetConfirmPay busy={busy} />
      </BookingFormFooter>
    </form>
  )
}

/** Confirm & Pay with the amount to be charged above it. */
function CarpetConfirmPay({busy}: {busy: boolean}) {
  const {breakdown} = useCarpetPreview()
  return <ConfirmPayButton busy={busy} totalCents={breakdown ? breakdown.totalCents : null} />
}
