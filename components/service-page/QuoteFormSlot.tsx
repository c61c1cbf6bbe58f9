'use client'

import dynamic from 'next/dynamic'

/**
 * The quote form, its code in a chunk of its own: one route serves every service page, and without
 * this the form's code (react-hook-form, zod, the lead schemas) would load on the information and
 * carpet pages too, which have no form. Rendered on the server as usual.
 */
export const QuoteFormSlot = dynamic(() => import('@/components/leads/QuoteRequestForm').then((module) => module.QuoteRequestForm))
