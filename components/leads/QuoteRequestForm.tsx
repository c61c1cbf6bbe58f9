'use client'

import Link from 'next/link'
import {CheckboxField, SelectField, TextAreaField, TextField} from '@/components/forms/fields'
import type {FormSettings} from '@/lib/content'
import {LEAD_LIMITS} from '@/lib/leads/schemas'
import {HoneypotField, LeadFormOutcome, LeadSubmitButton, PhoneField} from './LeadFormParts'
import {useLeadForm, type LeadFormMessages} from './useLeadForm'
import styles from './leads.module.css'

export type QuoteRequestFormProps = {
  text: FormSettings['quoteForm']
  messages: LeadFormMessages
  /** The page the form is on and its service, stored with the request. */
  page: {path: string; title: string}
  /** Where the terms checkbox's link leads. */
  termsHref: string
}

const DEFAULTS = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  zipCode: '',
  squareFootage: '',
  desiredServices: '',
  heardAboutUs: '',
  termsAccepted: false as unknown as true,
}

/**
 * The quote form of the quote landing pages: name, phone (checked as typed; Submit is
 * disabled while it is not ten digits), e-mail, zip code, optional square footage, desired services
 * and how they heard of us, and the terms. Stored with the page it came from; success says so with
 * a check mark and resets the form.
 */
export function QuoteRequestForm({text, messages, page, termsHref}: QuoteRequestFormProps) {
  const lead = useLeadForm('quoteRequest', {messages, defaultValues: DEFAULTS, phone: {name: 'phone', check: 'change'}, page})
  const {control} = lead.form
  return (
    <form {...lead.formProps} aria-labelledby="quote-form-heading" className={styles.form}>
      <div>
        <h3 id="quote-form-heading" className={styles.heading}>
          {text.heading}
        </h3>
        <p className={styles.intro}>{text.intro}</p>
      </div>
      <div className={styles.grid}>
        <TextField control={control} name="firstName" label={text.firstNameLabel} required autoComplete="given-name" maxLength={LEAD_LIMITS.name} />
        <TextField control={control} name="lastName" label={text.lastNameLabel} required autoComplete="family-name" maxLength={LEAD_LIMITS.name} />
        <PhoneField control={control} name="phone" label={text.phoneLabel} events={lead.phoneEvents} />
        <TextField control={control} name="email" label={text.emailLabel} type="email" required autoComplete="email" maxLength={LEAD_LIMITS.email} />
        <TextField control={control} name="zipCode" label={text.zipCodeLabel} required autoComplete="postal-code" inputMode="numeric" maxLength={LEAD_LIMITS.zipCode} />
        <TextField
          control={control}
          name="squareFootage"
          label={text.squareFootageLabel}
          description={text.squareFootageHelp}
          inputMode="numeric"
          maxLength={LEAD_LIMITS.squareFootage}
        />
        <TextAreaField
          control={control}
          name="desiredServices"
          label={text.desiredServicesLabel}
          description={text.desiredServicesHelp}
          rows={3}
          maxLength={LEAD_LIMITS.desiredServices}
          className={styles.wide}
        />
        <SelectField
          control={control}
          name="heardAboutUs"
          label={text.heardAboutUsLabel}
          placeholder={text.heardAboutUsPlaceholder}
          options={text.heardAboutUsOptions}
          className={styles.wide}
        />
        <CheckboxField
          control={control}
          name="termsAccepted"
          required
          className={styles.wide}
          label={
            <>
              {text.termsLabel}{' '}
              <Link href={termsHref} className={styles.termsLink} prefetch={false}>
                {text.termsLinkText}
              </Link>
            </>
          }
        />
      </div>
      <HoneypotField inputRef={lead.honeypotRef} />
      <div className={styles.footer}>
        <LeadFormOutcome status={lead.status} statusRef={lead.statusRef} />
        <LeadSubmitButton label={text.submitLabel} busyLabel={text.submittingLabel} busy={lead.busy} blocked={lead.phoneBlocked} />
      </div>
    </form>
  )
}
