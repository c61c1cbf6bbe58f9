import type {FieldValues, Path, UseFormReturn} from 'react-hook-form'

/*
 * A booking form's later sections come alive when the visitor reaches them, not with the page.
 *
 * The server renders every section in place. In the browser the form's first section, the footer
 * and the price summary hydrate with the page; each later section stays the server's HTML (a plain
 * form people can type into and tick) inside an <Activity> boundary React leaves dehydrated, until
 * focus, a key, a pointer press or input reaches it, or, once the visitor has shown up (a scroll, a
 * pointer moving, a touch, any use of the form), the browser has been idle long enough to hydrate the
 * next one (one section per idle moment, in page order). Their code is fetched then too (laterSections
 * in HydrateLater.tsx), not with the page. So the page's first download and first task are small, and
 * what the visitor touches responds first.
 *
 * Nothing typed is lost: what the visitor changed in the HTML before its section was live (tracked
 * from this module's first run: its value differs from the markup's, or an input event reached it)
 * becomes the form's value as the section hydrates, before anything renders again; a field the form
 * changed meanwhile (a resumed booking) shows the form's value. A button pressed before its section
 * is live (a counter's +, a calendar day, Apply) does nothing in the HTML, and React drops a click it
 * cannot hydrate for at once: every such press is held and run again, in order and one render
 * apart, once the section is live. A submit, or a prefill of the form from its address, first makes
 * every section live (hydrateAllSections).
 *
 * A section hydrates with the form's values as they are then, which must still be what the server
 * rendered, or React would replace its HTML: a section shows only its own fields' values, sections
 * that show another's go in one HydrateLater (the carpet form's frequency and its rates), and a
 * boundary never re-renders while dehydrated (HydrateLater memoises it on children the definition
 * creates once).
 */

/** The form controls a section holds (a selector). */
const FORM_CONTROLS = 'input,textarea,select'

/** What shows the visitor is using a section. */
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'input', 'click'] as const
/** What shows a visitor is there, before they use the form. */
const SIGNS_OF_LIFE = ['scroll', 'wheel', 'pointermove', 'touchstart'] as const

export type Gate = {
  /** The shell's element, once mounted. */
  element: HTMLElement | null
  promise: Promise<void>
  open: () => void
  opened: boolean
  hydrated: boolean
}

/** The page's later sections in page order (their shells register as they mount). */
const gates: Gate[] = []
const hydrationListeners = new Set<() => void>()
let idleScheduled = false
/** The visitor has shown up (or a submit or prefill needs it all): later sections open when idle. */
let started = false

/**
 * The later sections' code (HydrateLater.tsx's laterSections registers it): fetched on the visitor's
 * first sign of life (a scroll, a pointer moving) or use of the form. A gate opens only once it is
 * there, so a section hydrates at once as it opens.
 */
const sectionCode: {ready: () => boolean; load: () => Promise<unknown>}[] = []
const codeReady = () => sectionCode.every((code) => code.ready())
const loadCode = () => Promise.all(sectionCode.map((code) => code.load()))

export function registerSectionCode(code: {ready: () => boolean; load: () => Promise<unknown>}) {
  sectionCode.push(code)
}

/** The visitor has started using the form: its later sections' code is fetched, then they open when idle. */
function start() {
  if (started) return
  started = true
  void loadCode()
  scheduleIdleOpening()
}

/** A button pressed in a section before it was live: the button, and its place among the section's buttons. */
type EarlyPress = {button: HTMLElement; index: number}
/** Per section, the presses still to run, in order (the section is not live, or is running them). */
const pressedEarly = new Map<Gate, EarlyPress[]>()
/** The press being run again, let through to React. */
let replaying: HTMLElement | null = null

const idle: (callback: () => void) => void =
  typeof window !== 'undefined' && 'requestIdleCallback' in window ? (callback) => window.requestIdleCallback(callback, {timeout: 4000}) : (callback) => setTimeout(callback, 200)

export function newGate(): Gate {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  const gate: Gate = {element: null, promise, opened: false, hydrated: false, open: () => {}}
  let opening = false
  gate.open = () => {
    if (opening) return
    opening = true
    const open = () => {
      gate.opened = true
      resolve()
    }
    if (codeReady()) open()
    else void loadCode().then(open)
  }
  return gate
}

/** Opens the next closed section when the browser is idle, then schedules the one after it. */
function scheduleIdleOpening() {
  if (!started || idleScheduled || !gates.some((gate) => !gate.opened)) return
  idleScheduled = true
  idle(() => {
    idleScheduled = false
    gates.find((gate) => !gate.opened)?.open()
    scheduleIdleOpening()
  })
}

/**
 * A section's shell has mounted: it takes its place in the idle queue, opened at once when the
 * visitor got there before the page's scripts (focused, or changed one of its controls).
 */
export function registerSection(gate: Gate, element: HTMLElement): () => void {
  gate.element = element
  // Rendered afresh (a client-side navigation), the section was live before its shell mounted.
  if (gate.hydrated) element.dataset.hydrated = ''
  gates.push(gate)
  const controls = Array.from(element.querySelectorAll(FORM_CONTROLS))
  if (element.contains(document.activeElement) || controls.some((control) => changedByVisitor.has(control))) {
    start()
    gate.open()
  }
  scheduleIdleOpening()
  return () => {
    gates.splice(gates.indexOf(gate), 1)
    pressedEarly.delete(gate)
  }
}

/** A section is live: what the visitor changed in it becomes the form's (adoptVisitorInput). */
export function sectionHydrated<T extends FieldValues>(gate: Gate, form: UseFormReturn<T, unknown, unknown>) {
  const host = gate.element
  if (host) {
    adoptVisitorInput(host, form)
    host.dataset.hydrated = ''
  }
  gate.hydrated = true
  if (pressedEarly.has(gate)) setTimeout(() => runEarlyPresses(gate))
  if (gates.every((each) => each.hydrated)) for (const listener of [...hydrationListeners]) listener()
}

/**
 * Runs a live section's held presses one at a time, each after the last one's render (a counter's +
 * adds to what the previous press made it). A button React rendered afresh is found again by its place.
 */
function runEarlyPresses(gate: Gate) {
  const presses = pressedEarly.get(gate)
  const press = presses?.shift()
  if (!presses || !press) {
    pressedEarly.delete(gate)
    return
  }
  const button = press.button.isConnected ? press.button : gate.element?.querySelectorAll<HTMLElement>('button')[press.index]
  if (button) {
    replaying = button
    try {
      button.click()
    } finally {
      replaying = null
    }
  }
  setTimeout(() => runEarlyPresses(gate))
}

/** Opens every section still closed and resolves once all are live (at once when they are). */
export function hydrateAllSections(): Promise<void> {
  for (const gate of gates) gate.open()
  if (gates.every((gate) => gate.hydrated)) return Promise.resolve()
  return new Promise((resolve) => {
    const listener = () => {
      hydrationListeners.delete(listener)
      resolve()
    }
    hydrationListeners.add(listener)
  })
}

/** Whether every later section of the page is live. */
export function allSectionsHydrated(): boolean {
  return gates.every((gate) => gate.hydrated)
}

// ---------------------------------------------------------------- what the visitor changed

/** Form controls the visitor has changed since the page's HTML arrived. */
const changedByVisitor = new WeakSet<Element>()

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

function isControl(element: unknown): element is Control {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
}

/** The control no longer shows what the markup said (typed, ticked or chosen before any script ran). */
function differsFromMarkup(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return Array.from(control.options).some((option) => option.selected !== option.defaultSelected)
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return control.checked !== control.defaultChecked
  return control.value !== control.defaultValue
}

if (typeof window !== 'undefined') {
  // Before React hydrates a control it still holds the markup's value as its default: compare now.
  for (const control of Array.from(document.querySelectorAll(FORM_CONTROLS))) {
    if (isControl(control) && control.form && differsFromMarkup(control)) changedByVisitor.add(control)
  }
  const remember = (event: Event) => {
    if (isControl(event.target)) changedByVisitor.add(event.target)
  }
  window.addEventListener('input', remember, true)
  window.addEventListener('change', remember, true)
  // A touch may start a scroll: a touch opens the section with its click or input instead.
  const openSectionOf = (event: Event) => {
    // Any use of a form with later sections starts opening them, one per idle moment.
    if (!started && event.target instanceof Element && event.target.closest('form')?.querySelector('[data-hydrate-later]')) start()
    if (event.type === 'pointerdown' && (event as PointerEvent).pointerType === 'touch') return
    const section = event.target instanceof Element ? event.target.closest('[data-hydrate-later]') : null
    const gate = section ? gates.find((each) => each.element === section) : undefined
    if (!section || !gate) return
    // A button pressed before its section is live, or while earlier presses are still being run, is
    // held from React (which would drop it, or run it out of order) and run once the section is live.
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (event.type === 'click' && button && button !== replaying && (!gate.hydrated || pressedEarly.has(gate))) {
      event.preventDefault()
      event.stopImmediatePropagation()
      const presses = pressedEarly.get(gate) ?? []
      presses.push({button, index: Array.from(section.querySelectorAll('button')).indexOf(button)})
      pressedEarly.set(gate, presses)
    }
    gate.open()
  }
  // Capture on the window: before React, which hydrates an open section at once for a click or key.
  for (const type of INTERACTIONS) window.addEventListener(type, openSectionOf, true)
  // The visitor's first sign of life on a booking screen (a scroll, a pointer moving, a touch) starts
  // it too, so the sections' code is usually there before the visitor reaches one.
  const onSignOfLife = () => {
    if (started || !document.querySelector('[data-hydrate-later]')) return
    start()
    for (const type of SIGNS_OF_LIFE) window.removeEventListener(type, onSignOfLife, true)
  }
  for (const type of SIGNS_OF_LIFE) window.addEventListener(type, onSignOfLife, {capture: true, passive: true})
}

function controlValue(control: Control, current: unknown): unknown {
  if (control instanceof HTMLInputElement && control.type === 'checkbox') return control.checked
  if (typeof current === 'number' && control.value.trim() !== '' && Number.isFinite(Number(control.value))) return Number(control.value)
  return control.value
}

/** Shows the form's value in a control the visitor has not touched. */
function showValue(control: Control, value: unknown) {
  const text = value === undefined || value === null ? '' : String(value)
  if (control instanceof HTMLInputElement && control.type === 'checkbox') control.checked = Boolean(value)
  else if (control instanceof HTMLInputElement && control.type === 'radio') control.checked = control.value === text
  else if (control.value !== text) control.value = text
}

/**
 * The controls inside `root` (outside any section still waiting, unless `root` is that section)
 * and the form's values meet: what the visitor changed becomes the form's value, every other
 * control shows the form's value.
 */
export function adoptVisitorInput<T extends FieldValues>(root: Element, form: UseFormReturn<T, unknown, unknown>) {
  const groups = new Map<string, Control[]>()
  for (const control of Array.from(root.querySelectorAll(FORM_CONTROLS))) {
    // A draft control (the coupon box) keeps what was typed itself; it is not a form value.
    if (!isControl(control) || !control.name || control.dataset.draft !== undefined) continue
    const waiting = control.closest('[data-hydrate-later]:not([data-hydrated])')
    if (waiting && waiting !== root) continue
    groups.set(control.name, [...(groups.get(control.name) ?? []), control])
  }
  for (const [name, controls] of groups) {
    const path = name as Path<T>
    const current = form.getValues(path)
    if (controls.some((control) => changedByVisitor.has(control))) {
      const radio = controls[0] instanceof HTMLInputElement && controls[0].type === 'radio'
      const value = radio ? (controls.find((control) => (control as HTMLInputElement).checked)?.value ?? '') : controlValue(controls[0], current)
      if (value !== current) form.setValue(path, value as never, {shouldDirty: true})
    } else {
      for (const control of controls) showValue(control, current)
    }
  }
}
