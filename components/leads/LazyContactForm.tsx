'use client'

import {deferredLeadForm} from './deferredLeadForm'
import type {ContactFormProps} from './ContactForm'

/* eslint-disable @typescript-eslint/no-require-imports -- server only: the form at once, so its HTML is in the page (see loadOnServer) */

/** The contact form of the home and contact pages (./ContactForm.tsx), its code loaded on first use. */
export const LazyContactForm = deferredLeadForm<ContactFormProps>({
  name: 'contact',
  load: () => import('./ContactForm').then((module) => module.ContactForm),
  loadOnServer: typeof window === 'undefined' ? () => (require('./ContactForm') as typeof import('./ContactForm')).ContactForm : undefined,
})
