'use client'

import {Activity, use, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType, type ReactElement, type ReactNode} from 'react'
import {newGate, registerSection, registerSectionCode, sectionHydrated, type Gate} from './sectionHydration'
import {useBookingFormContext} from './useBookingForm'
import styles from './booking.module.css'

/*
 * The shell of a booking form's later section: the server's HTML until the visitor reaches it or the
 * browser is idle (./sectionHydration.ts says how and why).
 */

const noSubscription = () => () => {}
const inBrowser = () => true
const onServerOrHydrating = () => false

/** The section itself once its gate is open (at once when rendered afresh, e.g. after a client navigation). */
function Gated({gate, children}: {gate: Gate; children: ReactNode}) {
  const form = useBookingFormContext()
  const fresh = useSyncExternalStore(noSubscription, inBrowser, onServerOrHydrating)
  // Hydrating, the section waits for its gate; the server and a fresh render show it at once.
  if (typeof window !== 'undefined' && !fresh && !gate.opened) use(gate.promise)
  useLayoutEffect(() => sectionHydrated(gate, form), [gate, form])
  return children
}

/** A later section of a booking form: live once the visitor reaches it or the browser is idle. */
export function HydrateLater({children}: {children: ReactNode}) {
  const host = useRef<HTMLDivElement>(null)
  const [gate] = useState(newGate)
  useLayoutEffect(() => (host.current ? registerSection(gate, host.current) : undefined), [gate])
  const boundary = useMemo(
    () => (
      <Activity mode="visible">
        <Gated gate={gate}>{children}</Gated>
      </Activity>
    ),
    [gate, children],
  )
  return (
    <div ref={host} className={styles.hydrateLater} data-hydrate-later="">
      {boundary}
    </div>
  )
}

/**
 * A form's later sections, in page order, each in its own HydrateLater (a fragment of several is
 * one: they hydrate together).
 */
export function hydratedLater(...sections: ReactElement[]): ReactElement[] {
  return sections.map((section, index) => <HydrateLater key={index}>{section}</HydrateLater>)
}

/** Every form's loader of its later sections' code (loadLaterSections). */
const laterLoaders: (() => Promise<unknown>)[] = []

/**
 * A form's later sections whose code is its own chunk, fetched when the first of them opens (the
 * visitor's first sign of life or use of the form, sectionHydration.ts), not with the page:
 * `const later = laterSections(() => import('./house-later'))`, then `later('Choices')` is the
 * section the module exports as Choices. Until the code is there the section stays the server's
 * HTML; a fetch that fails (offline) is tried again, the section staying HTML meanwhile.
 */
export function laterSections<M extends Record<string, ComponentType>>(load: () => Promise<M>): (name: keyof M & string) => ReactElement {
  let loaded: M | undefined
  let loading: Promise<M> | undefined
  const attempt = (): Promise<M> => load().catch(() => new Promise<void>((retry) => setTimeout(retry, 2000)).then(attempt))
  const start = () => (loading ??= attempt().then((module) => (loaded = module)))
  laterLoaders.push(start)
  registerSectionCode({ready: () => loaded !== undefined, load: start})
  function LaterSection({name}: {name: keyof M & string}) {
    const Section: ComponentType = (loaded ?? use(start()))[name]
    return <Section />
  }
  return function later(name) {
    return <LaterSection name={name} />
  }
}

/** Fetches every form's later sections now (a render in tests, which has no page to wait on). */
export async function loadLaterSections(): Promise<void> {
  await Promise.all(laterLoaders.map((start) => start()))
}
