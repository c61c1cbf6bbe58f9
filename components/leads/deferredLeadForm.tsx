import {Activity, use, useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type ComponentType} from 'react'
import styles from './leads.module.css'

/*
 * A lead form (quote, contact, appointment) whose code loads when the visitor first uses it. Each
 * form has its own module (LazyQuoteRequestForm.tsx, …), so a page carries the loader of its form only.
 *
 * The server renders each form as it looks, in place. In the browser the form's HTML stays as it
 * came, a plain form people can type into, inside an <Activity> boundary that React leaves
 * dehydrated until the form's code (react-hook-form, zod, the lead schemas) has arrived. Loading
 * starts on the visitor's first focus, key, pointer press (not a touch, which may be a scroll) or
 * input inside the form; never on page load or scrolling. React then hydrates the same elements, so
 * what was typed, the focus and the caret stay, and the form takes in what was typed (useLeadForm).
 * A submit before then is held and sent once the form is live.
 *
 * Why <Activity> rather than <Suspense>: React streams a completed Suspense boundary of more than
 * 500 bytes after the rest of the page (moved in place by an inline script: no form without
 * JavaScript, and a late jump), while an Activity boundary is written in place and hydrated on its
 * own. The boundary must not re-render while dehydrated (React would drop the server's HTML), so
 * the shell keeps no state: its element is memoised and it talks to the DOM directly.
 */

/** What shows the visitor is using the form. */
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'input'] as const

type HydrationSignal = {onLive: () => void}

type DeferredFormModule<P> = {
  /** The data-lead-form name of the element around the form. */
  name: string
  /** The browser: loads the form's code (a chunk of its own). */
  load: () => Promise<ComponentType<P>>
  /**
   * The server: the form at once, so that its HTML is in the page. Undefined in the browser
   * (`typeof window` is fixed at build time, which leaves this branch and the form's code out of
   * the page's scripts).
   */
  loadOnServer: (() => ComponentType<P>) | undefined
}

const noSubscription = () => () => {}
const inBrowser = () => true
const onServerOrHydrating = () => false

export function deferredLeadForm<P extends object>({name, load, loadOnServer}: DeferredFormModule<P>): ComponentType<P> {
  /** The form once its code is here (at once on the server), and who waits for it. */
  let Form: ComponentType<P> | null = loadOnServer ? loadOnServer() : null
  const listeners = new Set<() => void>()
  let resolveLoaded!: () => void
  const loaded = new Promise<void>((resolve) => (resolveLoaded = resolve))
  let loading = false
  /**
   * Whether the form's shell has mounted. Rendered again after that, it has new props from the
   * server (an editor's preview re-rendered in place, a refresh): the dehydrated boundary then has to
   * hydrate to take them, which waits for the form's code, so the code is asked for at once (else
   * the re-render would wait for a first touch, and never show).
   */
  let shellMounted = false

  /** Loads the code once; a failed load (offline) is tried again on the next interaction. */
  function request() {
    if (Form || loading) return
    loading = true
    load().then(
      (component) => {
        Form = component
        resolveLoaded()
        for (const listener of listeners) listener()
      },
      () => {
        loading = false
      },
    )
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const getForm = () => Form

  /**
   * The form, once its code is here. Hydrating without it, it suspends: the Activity boundary then
   * keeps the server's HTML until the code arrives. Rendered afresh without it (a client-side
   * navigation), it loads it and shows the form as soon as it is here.
   */
  function Deferred({onLive, ...props}: P & HydrationSignal) {
    const Loaded = useSyncExternalStore(subscribe, getForm, getForm)
    const fresh = useSyncExternalStore(noSubscription, inBrowser, onServerOrHydrating)
    useEffect(() => {
      if (Loaded) onLive()
      else request()
    }, [Loaded, onLive])
    if (Loaded) return <Loaded {...(props as P)} />
    if (!fresh) use(loaded)
    return null
  }

  function DeferredLeadForm(props: P) {
    if (shellMounted) request()
    const host = useRef<HTMLDivElement>(null)
    const live = useRef(false)
    const heldSubmit = useRef<{form: HTMLFormElement; submitter: HTMLElement | null} | null>(null)

    const onLive = useCallback(() => {
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
      shellMounted = true
      return () => {
        shellMounted = false
        for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true)
        window.removeEventListener('submit', onSubmit, true)
      }
    }, [])

    const boundary = useMemo(
      () => (
        <Activity mode="visible">
          <Deferred {...props} onLive={onLive} />
        </Activity>
      ),
      [props, onLive],
    )
    return (
      <div ref={host} className={styles.slot} data-lead-form={name}>
        {boundary}
      </div>
    )
  }
  return DeferredLeadForm
}

