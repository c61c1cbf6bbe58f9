'use client'

import {TextAreaField, TextField} from '@/components/forms/fields'
import type {FormSettings} from '@/lib/content'
import {LEAD_LIMITS} from '@/lib/leads/schemas'
import {HoneypotField, LeadFormOutcome, LeadSubmitButton, PhoneField} from './LeadFormParts'
import {useLeadForm, type LeadFormMessages} from './useLeadForm'
import styles from './leads.module.css'

export type ContactFormProps = {
  text: FormSettings['contactForm']
  messages: LeadFormMessages
  /**
   * home: the phone is checked on every change and the button reads 'Submitting...' while sending;
   * page (/contact): checked when leaving the field, 'Sending...'.
   */
  variant: 'home' | 'page'
  /** Heading level of the form's heading inside its section. */
  headingLevel?: 2 | 3
}

const DEFAULTS = {name: '', email: '', phone: '', message: ''}

/** The contact form of the home page and the contact page: name, e-mail, phone and message, all required. */
export function ContactForm({text, messages, variant, headingLevel = 3}: ContactFormProps) {
  const lead = useLeadForm('contactMessage', {
    messages,
    defaultValues: DEFAULTS,
    phone: {name: 'phone', check: variant === 'home' ? 'change' : 'blur'},
    page: {path: variant === 'home' ? '/' : '/contact'},
  })
  const {control} = lead.form
  const Heading = `h${headingLevel}` as const
  const headingId = `contact-form-heading-${variant}`
  return (
    <form {...lead.formProps} aria-labelledby={headingId} className={styles.form}>
      <Heading id={headingId} className={styles.heading}>
        {text.heading}
      </Heading>
      <div className={styles.grid}>
        <TextField control={control} name="name" label={text.nameLabel} required autoComplete="name" maxLength={LEAD_LIMITS.fullName} />
        <TextField control={control} name="email" label={text.emailLabel} type="email" required autoComplete="email" maxLength={LEAD_LIMITS.email} />
        <PhoneField control={control} name="phone" label={text.phoneLabel} events={lead.phoneEvents} className={styles.wide} />
        <TextAreaField control={control} name="message" label={text.messageLabel} required rows={5} maxLength={LEAD_LIMITS.message} className={styles.wide} />
      </div>
      <HoneypotField inputRef={lead.honeypotRef} />
      <div className={styles.footer}>
        <LeadFormOutcome status={lead.status} statusRef={lead.statusRef} />
        <LeadSubmitButton
          label={text.submitLabel}
          busyLabel={variant === 'home' ? text.homeSubmittingLabel : text.pageSubmittingLabel}
          busy={lead.busy}
          blocked={lead.phoneBlocked}
        />
      </div>
    </form>
  )
}
