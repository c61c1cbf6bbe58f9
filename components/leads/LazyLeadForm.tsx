'use client'

import {lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ComponentType} from 'react'
import type {AppointmentFormProps} from './AppointmentForm'
import type {ContactFormProps} from './ContactForm'
import type {QuoteRequestFormProps} from './QuoteRequestForm'
import styles from './leads.module.css'

/*
 * The lead forms (quote, contact, appointment), their code loaded when the visitor first uses one.
 *
 * The server renders each form as it looks. In the browser its HTML stays as it came, a plain form
 * people can already type into, inside a Suspense boundary that React leaves dehydrated until the
 * form's code (react-hook-form, zod, the lead schemas) has arrived; that starts on the visitor's
 * first focus, key, pointer press or input inside the form, never on page load or scrolling. React
 * then hydrates the same elements, so what was typed, the focus and the caret stay, and the form
 * takes in what was typed (useLeadForm). A submit before then is held and sent once the form can
 * validate it.
 *
 * The boundary must not re-render while dehydrated (React would replace the server's HTML with the
 * fallback), so the shell has no state: its element is memoised and it talks to the DOM directly.
 */

/** What shows the visitor is using the form. Not scroll, wheel or touch-scroll (a touch's pointerdown). */
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'input'] as const

type HydrationSignal = {onHydrated: () => void}

function deferredLeadForm<P extends object>(load: () => Promise<ComponentType<P>>, name: string): ComponentType<P> {
  /** Renders the form and says when it is live (hydrated, or mounted after a client-side navigation). */
  const withSignal = (Form: ComponentType<P>) => {
    function Live({onHydrated, ...props}: P & HydrationSignal) {
      useEffect(() => onHydrated(), [onHydrated])
      return <Form {...(props as P)} />
    }
    return {default: Live}
  }

  let resolveLoaded!: (module: {default: ComponentType<P & HydrationSignal>}) => void
  const loaded = new Promise<{default: ComponentType<P & HydrationSignal>}>((resolve) => (resolveLoaded = resolve))
  let state: 'waiting' | 'loading' | 'loaded' = 'waiting'
  /** Loads the code once; a failed load (offline) is tried again on the next interaction. */
  function request() {
    if (state !== 'waiting') return
    state = 'loading'
    load().then(
      (Form) => {
        state = 'loaded'
        resolveLoaded(withSignal(Form))
      },
      () => {
        state = 'waiting'
      },
    )
  }
  // The server renders the form at once; the browser waits for the visitor.
  const Deferred = lazy(() => (typeof window === 'undefined' ? load().then(withSignal) : loaded))

  /** Rendered only when React renders the form afresh (a client-side navigation): load at once. */
  function LoadNow() {
    useEffect(request, [])
    return null
  }

  function DeferredLeadForm(props: P) {
    const host = useRef<HTMLDivElement>(null)
    const live = useRef(false)
    const heldSubmit = useRef<{form: HTMLFormElement; submitter: HTMLElement | null} | null>(null)

    const onHydrated = useCallback(() => {
      live.current = true
      const held = heldSubmit.current
      heldSubmit.current = null
      if (held?.form.isConnected) held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : null)
    }, [])

    useEffect(() => {
      const element = host.current
      if (!element) return
      const inside = (event: Event) => event.target instanceof Node && element.contains(event.target)
      const onInteraction = (event: Event) => {
        if (event.type === 'pointerdown' && (event as PointerEvent).pointerType === 'touch') return
        if (inside(event)) request()
      }
      const onSubmit = (event: Event) => {
        if (live.current || !inside(event) || !(event.target instanceof HTMLFormElement)) return
        // No code yet to validate and send it: hold the submission until the form is live.
        event.preventDefault()
        heldSubmit.current = {form: event.target, submitter: (event as SubmitEvent).submitter}
        request()
      }
      // Window, capture phase: React stops these events at the document while the form is dehydrated.
      for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, true)
      window.addEventListener('submit', onSubmit, true)
      // Focused before this listened (a visitor quicker than the page's scripts).
      if (element.contains(document.activeElement)) request()
      element.dataset.listening = ''
      return () => {
        for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true)
        window.removeEventListener('submit', onSubmit, true)
      }
    }, [])

    const boundary = useMemo(
      () => (
        <Suspense fallback={<LoadNow />}>
          <Deferred {...props} onHydrated={onHydrated} />
        </Suspense>
      ),
      [props, onHydrated],
    )
    return (
      <div ref={host} className={styles.slot} data-lead-form={name}>
        {boundary}
      </div>
    )
  }
  return DeferredLeadForm
}

/** The quote form of the quote landing pages (./QuoteRequestForm.tsx), its code loaded on first use. */
export const LazyQuoteRequestForm = deferredLeadForm<QuoteRequestFormProps>(
  () => import('./QuoteRequestForm').then((module) => module.QuoteRequestForm),
  'quote',
)

/** The contact form of the home and contact pages (./ContactForm.tsx), its code loaded on first use. */
export const LazyContactForm = deferredLeadForm<ContactFormProps>(() => import('./ContactForm').then((module) => module.ContactForm), 'contact')

/** The appointment form (./AppointmentForm.tsx), its code loaded on first use. */
export const LazyAppointmentForm = deferredLeadForm<AppointmentFormProps>(
  () => import('./AppointmentForm').then((module) => module.AppointmentForm),
  'appointment',
)
