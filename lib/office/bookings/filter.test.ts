import {describe, expect, it} from 'vitest'
import {bookingFilterQuery, containsPattern, nextSort, parseBookingFilter, refusedBookingFilter, searchParamsOf, toDatabaseFilter} from './filter'

const parse = (query: string) => parseBookingFilter(new URLSearchParams(query))

describe('the bookings list filter', () => {
  it('reads every part of the address', () => {
    expect(
      parse('q=+Zoë+&status=paid&status=cancelled&service=house&crew=indoor&from=2026-12-01&to=2026-12-31&paid_from=2026-11-01&paid_to=2026-11-30&refunded_from=2026-11-02&refunded_to=2026-11-29&sort=name_asc&page=3'),
    ).toEqual({
      q: 'Zoë',
      statuses: ['paid', 'cancelled'],
      industry: 'house',
      crew: 'indoor',
      from: '2026-12-01',
      to: '2026-12-31',
      paidFrom: '2026-11-01',
      paidTo: '2026-11-30',
      refundedFrom: '2026-11-02',
      refundedTo: '2026-11-29',
      sort: 'name_asc',
      page: 3,
    })
  })

  it('drops what the office did not offer instead of failing', () => {
    expect(parse('status=bogus&service=mold&crew=estimate&from=2026-02-30&to=yesterday&paid_from=x&refunded_to=2026-13-01&sort=id;drop&page=-2')).toEqual({
      q: '',
      statuses: [],
      industry: null,
      crew: null,
      from: null,
      to: null,
      paidFrom: null,
      paidTo: null,
      refundedFrom: null,
      refundedTo: null,
      sort: 'created_desc',
      page: 1,
    })
  })

  it('refuses a search with a NUL or another control character, and a date outside the years 1900–2200, naming the part; the list goes on without it', () => {
    const refused = (query: string) => refusedBookingFilter(new URLSearchParams(query))
    expect(refused('q=%00')).toEqual({field: 'q', message: 'must not contain control characters'})
    expect(refused('q=a%1Bb')).toMatchObject({field: 'q'})
    expect(refused('from=0000-01-01')).toEqual({field: 'from', message: 'must be a date YYYY-MM-DD between the years 1900 and 2200'})
    expect(refused('to=2201-01-01')).toMatchObject({field: 'to'})
    expect(refused('paid_from=2026-02-30')).toMatchObject({field: 'paid_from'})
    expect(refused('refunded_to=soon')).toMatchObject({field: 'refunded_to'})
    expect(refused('q=Zo%C3%AB&from=1900-01-01&to=2200-12-31')).toBeNull()
    expect(parse('q=%00&from=0000-01-01')).toMatchObject({q: '', from: null})
  })

  it('writes a filter back as the same address, defaults left out', () => {
    const filter = parse('q=ada&status=paid&paid_from=2026-11-01&refunded_to=2026-11-30&sort=total_asc&page=2')
    expect(parseBookingFilter(new URLSearchParams(bookingFilterQuery(filter).slice(1)))).toEqual(filter)
    expect(bookingFilterQuery(parse(''))).toBe('')
    expect(bookingFilterQuery(filter, {page: 1})).toBe('?q=ada&status=paid&paid_from=2026-11-01&refunded_to=2026-11-30&sort=total_asc')
    expect(toDatabaseFilter(filter)).toEqual({text: '%ada%', statuses: ['paid'], paid_from: '2026-11-01', refunded_to: '2026-11-30'})
  })

  it('reads Next’s searchParams object, repeated names included', () => {
    expect(searchParamsOf({status: ['paid', 'done'], q: 'x', page: undefined}).toString()).toBe('status=paid&status=done&q=x')
  })

  it('sorts a new column its natural way first, then flips it', () => {
    expect(nextSort('created_desc', 'name')).toBe('name_asc')
    expect(nextSort('created_desc', 'total')).toBe('total_desc')
    expect(nextSort('total_desc', 'total')).toBe('total_asc')
    expect(nextSort('name_asc', 'name')).toBe('name_desc')
  })

  it('searches a phone by its digits, a reference by its hex, words literally', () => {
    expect(toDatabaseFilter(parse('q=(425) 555-0142'))).toEqual({text: '%(425) 555-0142%', digits: '4255550142'})
    expect(toDatabaseFilter(parse('q=%2B1 425 555 0142')).digits).toBe('4255550142')
    expect(toDatabaseFilter(parse('q=7F3A-09C2'))).toEqual({text: '%7f3a-09c2%', reference: '7f3a09c2'})
    expect(toDatabaseFilter(parse('q=12 Main St'))).toEqual({text: '%12 main st%'})
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
