import {describe, expect, it} from 'vitest'
import {readRouteInput, refusalText} from '../shared/route-input'
import {alertChoiceForm, alertChoiceRefused, chosenEvents, ownTextsForm, ownTextsRefused, usMobile} from './routes'

/** The alert forms as a route reads them: a bad field is a 400 naming it, or a way back to the form naming it. */

function post(body: string): Request {
  return new Request('http://localhost:3000/office/alerts/texts', {method: 'POST', headers: {'content-type': 'application/x-www-form-urlencoded'}, body})
}

describe("the owner's choice for a member", () => {
  it('takes the ticked events and a delivery', async () => {
    const input = await readRouteInput(post('event_booking=on&event_cancellation_request=on&delivery=digest'), {}, {form: alertChoiceForm})
    expect(input.ok).toBe(true)
    if (!input.ok) return
    expect(chosenEvents(input.form)).toEqual(['booking', 'cancellation_request'])
    expect(input.form.delivery).toBe('digest')
  })

  it('refuses an unknown delivery or a checkbox value, naming the field', async () => {
    const delivery = await readRouteInput(post('event_lead=on&delivery=hourly'), {}, {form: alertChoiceForm})
    expect(delivery).toMatchObject({ok: false, status: 400, field: 'delivery'})
    if (!delivery.ok) expect(refusalText(delivery)).toContain('“delivery”')
    expect(await readRouteInput(post('event_lead=yes&delivery=each'), {}, {form: alertChoiceForm})).toMatchObject({ok: false, status: 400, field: 'event_lead'})
    expect(await readRouteInput(post('delivery='), {}, {form: alertChoiceForm})).toMatchObject({ok: false, status: 400, field: 'delivery'})
    expect(alertChoiceRefused({field: 'delivery', message: ''}, {id: 'abc'})).toBe('/office/staff?alerts=abc&alerts_problem=delivery#alerts-abc')
  })
})

describe("a member's own number and consent", () => {
  it('takes a US mobile number however typed, or none', async () => {
    expect(usMobile('(425) 555-0123')).toBe('+14255550123')
    expect(usMobile('+1 425 555 0123')).toBe('+14255550123')
    expect(usMobile('+44 20 7946 0958')).toBeNull()
    expect(usMobile('555-0123')).toBeNull()
    expect(await readRouteInput(post('phone=&agree='), {}, {form: ownTextsForm})).toMatchObject({ok: true})
  })

  it('refuses a number that is none, and agreeing without a number, naming the field', async () => {
    expect(await readRouteInput(post('phone=12345&agree=on'), {}, {form: ownTextsForm})).toMatchObject({ok: false, status: 400, field: 'phone'})
    const agree = await readRouteInput(post('phone=&agree=on'), {}, {form: ownTextsForm})
    expect(agree).toMatchObject({ok: false, status: 400, field: 'agree'})
    if (!agree.ok) expect(ownTextsRefused(agree)).toBe('/office/alerts?problem=consent_needs_phone#alerts-agree')
    expect(ownTextsRefused({field: 'phone', message: 'x'})).toBe('/office/alerts?problem=phone#alerts-phone')
  })
})
