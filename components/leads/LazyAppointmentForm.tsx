'use client'

import {deferredLeadForm} from './deferredLeadForm'
import type {AppointmentFormProps} from './AppointmentForm'

/* eslint-disable @typescript-eslint/no-require-imports -- server only: the form at once, so its HTML is in the page (see loadOnServer) */

/** The appointment form (./AppointmentForm.tsx), its code loaded on first use. */
export const LazyAppointmentForm = deferredLeadForm<AppointmentFormProps>({
  name: 'appointment',
  load: () => import('./AppointmentForm').then((module) => module.AppointmentForm),
  loadOnServer: typeof window === 'undefined' ? () => (require('./AppointmentForm') as typeof import('./AppointmentForm')).AppointmentForm : undefined,
})
