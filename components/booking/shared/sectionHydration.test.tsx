import {renderHook} from '@testing-library/react'
import {useForm} from 'react-hook-form'
import {afterEach, describe, expect, it} from 'vitest'
import {newGate, registerSection, registerSectionCode, sectionHydrated} from './sectionHydration'

describe("a booking form's later sections, whose code comes with the visitor's first use of the form", () => {
  // This file writes the document itself (Testing Library's cleanup only unmounts what it rendered),
  // and the component files after it in the same worker share the document.
  const leftovers: (() => void)[] = []
  afterEach(() => {
    for (const undo of leftovers.splice(0)) undo()
    document.body.innerHTML = ''
  })

  /** Code for the later sections that arrives when the test says. */
  function heldCode() {
    let loads = 0
    let ready = false
    let arrive!: () => void
    const code = new Promise<void>((resolve) => {
      arrive = () => {
        ready = true
        resolve()
      }
    })
    registerSectionCode({
      ready: () => ready,
      load: () => {
        loads++
        return code
      },
    })
    return {arrive, loads: () => loads}
  }

  /** A later section with two buttons; what each click found when it reached them. */
  function sectionWithButtons() {
    document.body.innerHTML = '<form><div data-hydrate-later=""><button type="button">Increase Rooms</button><button type="button">Apply</button></div></form>'
    const section = document.querySelector<HTMLElement>('[data-hydrate-later]')!
    const gate = newGate()
    leftovers.push(registerSection(gate, section))
    const [rooms, apply] = Array.from(section.querySelectorAll('button'))
    const clicks: string[] = []
    for (const button of [rooms, apply]) button.addEventListener('click', () => clicks.push(`${button.textContent}${gate.hydrated ? '' : ' (not live)'}`))
    return {section, gate, rooms, apply, clicks}
  }

  const nextTask = () => new Promise((resolve) => setTimeout(resolve))

  it('fetch nothing with the page, open only once their code is there, and run every button pressed before then, in order, once they are live', async () => {
    const code = heldCode()
    const {section, gate, rooms, apply, clicks} = sectionWithButtons()
    expect(code.loads()).toBe(0)

    rooms.click()
    rooms.click()
    apply.click()
    rooms.click()
    // The first press starts the fetch; the section stays closed (its HTML) until the code is there,
    // and no press reaches a button that has no code to answer it.
    expect(code.loads()).toBeGreaterThan(0)
    expect(gate.opened).toBe(false)
    expect(clicks).toEqual([])

    code.arrive()
    await gate.promise
    expect(gate.opened).toBe(true)

    const {result} = renderHook(() => useForm())
    sectionHydrated(gate, result.current)
    expect(section.dataset.hydrated).toBe('')
    // One press per task, so each one's render comes before the next.
    await nextTask()
    expect(clicks).toEqual(['Increase Rooms'])
    for (let task = 0; task < 4; task++) await nextTask()
    expect(clicks).toEqual(['Increase Rooms', 'Increase Rooms', 'Apply', 'Increase Rooms'])
  })

  it('hold a press made once the code is there but before the section is live, and one made while earlier presses are still running, behind them', async () => {
    const code = heldCode()
    code.arrive()
    const {gate, rooms, apply, clicks} = sectionWithButtons()
    rooms.click()
    await gate.promise
    rooms.click()
    expect(clicks).toEqual([])

    const {result} = renderHook(() => useForm())
    sectionHydrated(gate, result.current)
    await nextTask()
    // The section is live and one held press has run: a new press waits behind the other.
    apply.click()
    expect(clicks).toEqual(['Increase Rooms'])
    for (let task = 0; task < 3; task++) await nextTask()
    expect(clicks).toEqual(['Increase Rooms', 'Increase Rooms', 'Apply'])
    // Once they have all run, a press reaches its button at once.
    rooms.click()
    expect(clicks).toEqual(['Increase Rooms', 'Increase Rooms', 'Apply', 'Increase Rooms'])
  })

  it('find a held button again by its place when React rendered the section afresh', async () => {
    const code = heldCode()
    code.arrive()
    const {section, gate, apply} = sectionWithButtons()
    apply.click()
    // React replaced the section's HTML (its buttons are new elements).
    section.innerHTML = '<button type="button">Increase Rooms</button><button type="button">Apply</button>'
    const clicks: string[] = []
    for (const button of Array.from(section.querySelectorAll('button'))) button.addEventListener('click', () => clicks.push(button.textContent ?? ''))
    const {result} = renderHook(() => useForm())
    sectionHydrated(gate, result.current)
    await nextTask()
    expect(clicks).toEqual(['Apply'])
  })
})
