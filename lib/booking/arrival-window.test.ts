import {describe, expect, it} from 'vitest'
import {arrivalWindowLabel, slotLabel} from './arrival-window'

describe('arrival window labels', () => {
  it("read early-morning, midday and evening windows as people say them", () => {
    const labels: [window: string, label: string][] = [
      ['06:00-08:00', '6:00 AM – 8:00 AM'],
      ['12:00-14:00', '12:00 PM – 2:00 PM'],
      ['18:00-20:00', '6:00 PM – 8:00 PM'],
      ['20:00-22:00', '8:00 PM – 10:00 PM'],
    ]
    for (const [window, label] of labels) expect(arrivalWindowLabel(window), window).toBe(label)
    expect(slotLabel('2030-02-03', '20:00-22:00')).toBe('February 3, 2030, 8:00 PM – 10:00 PM')
  })
})
