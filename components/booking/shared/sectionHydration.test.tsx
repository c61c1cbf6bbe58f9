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

  it('fetch nothing with the page, open only once their code is there, and run a button clicked before then as they come alive', async () => {
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
    document.body.innerHTML = '<form><div data-hydrate-later=""><button type="button">Apply</button></div></form>'
    const section = document.querySelector<HTMLElement>('[data-hydrate-later]')!
    const gate = newGate()
    leftovers.push(registerSection(gate, section))
    expect(loads).toBe(0)

    const button = section.querySelector('button')!
    const clicks: boolean[] = []
    button.addEventListener('click', () => clicks.push(gate.hydrated))
    button.click()
    // The click starts the fetch; the section stays closed (its HTML) until the code is there.
    expect(loads).toBeGreaterThan(0)
    expect(gate.opened).toBe(false)

    arrive()
    await gate.promise
    expect(gate.opened).toBe(true)

    const {result} = renderHook(() => useForm())
    sectionHydrated(gate, result.current)
    await new Promise((resolve) => setTimeout(resolve))
    // The early click (which no code answered), then the same click once the section is live.
    expect(clicks).toEqual([false, true])
    expect(section.dataset.hydrated).toBe('')
  })
})
