import {describe, expect, it} from 'vitest'
import {BOOKABLE_SERVICES, findBookableService} from './catalog'
import {cheapestStartingPrice, pricedByTheHour, startingPriceCents} from './pricing'
import {startingPriceText} from './starting-price'

const service = (id: string) => findBookableService(id)!

describe('startingPriceCents', () => {
  it('is the smallest booking of each service at its cheapest frequency', () => {
    // Weekly: $81.20 base + one bedroom $15.46 + one bathroom $19.33.
    expect(startingPriceCents(service('house:Regular Cleaning'))).toBe(8120 + 1546 + 1933)
    // Deep and move-out: $201.94 + $30.03 + $25.78, no frequency.
    expect(startingPriceCents(service('house:Deep Cleaning'))).toBe(20194 + 3003 + 2578)
    expect(startingPriceCents(service('house:Move Out & Move In'))).toBe(20194 + 3003 + 2578)
    // One room (or staircase) every 3 months.
    expect(startingPriceCents(service('carpet:Carpet Cleaning'))).toBe(4400)
    // $40 base + $10 every 3 months + the service.
    expect(startingPriceCents(service('exterior:Roof Cleaning'))).toBe(6000)
    expect(startingPriceCents(service('exterior:Pressure Washing'))).toBe(9000)
    expect(startingPriceCents(service('commercial:Construction Final Clean'))).toBe(5000)
    expect(startingPriceCents(service('commercial:VRBO and AIRBNB Cleaning'))).toBe(8000)
  })

  it('states Post Construction, booked by the hour, as its hourly rate', () => {
    expect(pricedByTheHour(service('house:Post Construction'))).toBe(true)
    expect(BOOKABLE_SERVICES.filter(pricedByTheHour).map((entry) => entry.id)).toEqual(['house:Post Construction'])
    expect(startingPriceCents(service('house:Post Construction'))).toBe(15465)
  })
})

describe('cheapestStartingPrice and startingPriceText', () => {
  it('gives a card covering several services its cheapest visit, never an hourly rate as a visit\'s price', () => {
    const house = ['house:Regular Cleaning', 'house:Move Out & Move In', 'house:Deep Cleaning', 'house:Post Construction'].map(service)
    expect(cheapestStartingPrice(house)).toEqual({cents: 11599, perHour: false})
    expect(cheapestStartingPrice([service('house:Post Construction')])).toEqual({cents: 15465, perHour: true})
    expect(cheapestStartingPrice([])).toBeNull()
  })

  it('fills the content\'s placeholder with the price, and shows nothing without services or text', () => {
    expect(startingPriceText(['house:Deep Cleaning'], 'From {price}')).toBe('From $257.75')
    expect(startingPriceText(['house:Post Construction'], '{hourlyRate} per hour')).toBe('$154.65 per hour')
    expect(startingPriceText(['exterior:Gutter Cleaning', 'exterior:Roof Cleaning'], 'From {price}')).toBe('From $60.00')
    expect(startingPriceText([null, 'not-a-service'], 'From {price}')).toBeNull()
    expect(startingPriceText(['house:Deep Cleaning'], '')).toBeNull()
  })
})
