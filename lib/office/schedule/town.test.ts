import {describe, expect, it} from 'vitest'
import {townOf} from './town'

describe('the town of an address', () => {
  it.each([
    ['1200 Lake Washington Blvd N, Renton, WA 98056', 'Renton'],
    ['5 Cedar Ln, Everett, WA 98201', 'Everett'],
    ['400 SW 7th St, Renton WA 98057', 'Renton'],
    ['12 Main St, Apt 4, Kent, WA', 'Kent'],
    ['12 Main St, Maple Valley, Washington 98038, USA', 'Maple Valley'],
    ['12 Main St, Bellevue, 98006', 'Bellevue'],
    ['123 Main St Renton WA 98057', 'Renton'],
  ])('%s → %s', (address, town) => {
    expect(townOf(address)).toBe(town)
  })

  it('says nothing rather than guess', () => {
    expect(townOf('12 Main St')).toBeNull()
    expect(townOf('')).toBeNull()
    expect(townOf('12 Main St, 14 Other St')).toBeNull()
  })
})
