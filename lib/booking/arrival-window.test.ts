import {describe, expect, it} from 'vitest'
import {arrivalWindowLabel, slotLabel} from './arrival-window'

describe('arrival window labels', () => {
  it("read early-morning, midday and evening windows as people say them", () => {
    expect(arrivalWindowLabel('06:00-08:00')).toBe('6:00 AM – 8:00 AM')
    expect(arrivalWindowLabel('12:00-14:00')).toBe('12:00 PM – 2:00 PM')
    expect(arrivalWindowLabel('18:00-20:00')).toBe('6:00 PM – 8:00 PM')
    expect(arrivalWindowLabel('20:00-22:00')).toBe('8:00 PM – 10:00 PM')
    expect(slotLabel('2030-02-03', '20:00-22:00')).toBe('February 3, 2030, 8:00 PM – 10:00 PM')
  })
})
