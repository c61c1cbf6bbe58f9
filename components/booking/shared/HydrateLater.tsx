'use client'

import {Activity, use, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactElement, type ReactNode} from 'react'
import {newGate, registerSection, sectionHydrated, type Gate} from './sectionHydration'
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
