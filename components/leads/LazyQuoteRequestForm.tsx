'use client'

import {deferredLeadForm} from './deferredLeadForm'
import type {QuoteRequestFormProps} from './QuoteRequestForm'

/* eslint-disable @typescript-eslint/no-require-imports -- server only: the form at once, so its HTML is in the page (see loadOnServer) */

/** The quote form of the quote landing pages (./QuoteRequestForm.tsx), its code loaded on first use. */
export const LazyQuoteRequestForm = deferredLeadForm<QuoteRequestFormProps>({
  name: 'quote',
  load: () => import('./QuoteRequestForm').then((module) => module.QuoteRequestForm),
  loadOnServer: typeof window === 'undefined' ? () => (require('./QuoteRequestForm') as typeof import('./QuoteRequestForm')).QuoteRequestForm : undefined,
})
