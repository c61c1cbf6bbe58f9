import {describe, expect, it} from 'vitest'
import type {EmailSettingsQueryResult, PaymentPagesQueryResult} from '@/sanity.types'
import {queryLocalDataset} from '../content/local-dataset'
import {emailSettingsQuery, paymentPagesQuery} from '../content/queries'
import {CHANGE_HISTORY_TOKENS, EMAIL_TOKENS, fillTokens, missingTokens, typedTextTokens, unknownTokens} from './tokens'

describe('fillTokens', () => {
  it('puts each value in place of its {token}', () => {
    expect(fillTokens('Your booking is confirmed: {service} ({reference})', {service: 'Carpet Cleaning – One-Time', reference: '3F9A-2B1C'})).toBe(
      'Your booking is confirmed: Carpet Cleaning – One-Time (3F9A-2B1C)',
    )
    expect(fillTokens('Thanks, {firstName}! Call {phone} or {phone}.', {firstName: 'Ada', phone: '(425) 555-0142'})).toBe(
      'Thanks, Ada! Call (425) 555-0142 or (425) 555-0142.',
    )
  })

  it('leaves out unknown and missing tokens, without a stray space before punctuation or a double space', () => {
    expect(fillTokens('Hi {nickname}, thanks', {firstName: 'Ada'})).toBe('Hi, thanks')
    expect(fillTokens('Thanks {firstName}!', {firstName: null})).toBe('Thanks!')
    expect(fillTokens('We have your {service} quote request.', {service: ''})).toBe('We have your quote request.')
    expect(fillTokens('  {firstName} hello  ', {firstName: undefined})).toBe('hello')
  })

  it('writes one full stop when a value ending in one comes before the text\'s own', () => {
    expect(fillTokens('Your message has reached our team at {companyName}.', {companyName: 'Cedar River Cleaning Co.'})).toBe(
      'Your message has reached our team at Cedar River Cleaning Co.',
    )
    expect(fillTokens('From {companyName}. Thanks.', {companyName: 'Acme Inc.'})).toBe('From Acme Inc. Thanks.')
    expect(fillTokens('At {companyName}.', {companyName: 'Acme'})).toBe('At Acme.')
    expect(fillTokens('At {companyName}, we care.', {companyName: 'Acme Co.'})).toBe('At Acme Co., we care.')
  })

  it('inserts values literally, whatever they contain', () => {
    expect(fillTokens('Hello {firstName}', {firstName: '$& $1 $$ {phone}'})).toBe('Hello $& $1 $$ {phone}')
  })

  it('knows only the given values, not properties every object has', () => {
    expect(fillTokens('A{constructor}B{toString}C{hasOwnProperty}', {})).toBe('ABC')
  })

  it('touches only {letters}: other braces stay as written', () => {
    expect(fillTokens('{first_name} {1} { firstName } {}', {firstName: 'Ada'})).toBe('{first_name} {1} { firstName } {}')
  })
})

describe('unknownTokens', () => {
  it('lists the tokens a text uses that its message does not offer', () => {
    expect(unknownTokens('Hi {firstName}, about {reference} and {foo}', EMAIL_TOKENS.customer)).toEqual(['foo'])
    expect(unknownTokens('Hi {firstName}, about {slot}', EMAIL_TOKENS.customer)).toEqual(['slot'])
    expect(unknownTokens('Paid booking {reference}: {service} for {name}', EMAIL_TOKENS.business)).toEqual([])
    expect(unknownTokens('No tokens here', EMAIL_TOKENS.booking)).toEqual([])
  })

  it('finds none in the wording of the E-mails document of the local dataset', async () => {
    const wording = await queryLocalDataset<EmailSettingsQueryResult>(emailSettingsQuery)
    if (!wording) throw new Error('The local dataset has no E-mails document')
    const groups: [Record<string, string | null> | null, readonly string[]][] = [
      [wording.bookingConfirmation, EMAIL_TOKENS.booking],
      [wording.quoteRequestReceived, EMAIL_TOKENS.customer],
      [wording.contactMessageReceived, EMAIL_TOKENS.customer],
      [wording.estimateRequestReceived, EMAIL_TOKENS.estimate],
      [wording.businessNotifications, EMAIL_TOKENS.business],
      [wording.bookingMoved, EMAIL_TOKENS.bookingMoved],
      [wording.cancellationRequestReceived, EMAIL_TOKENS.cancellationRequest],
      [wording.sectionHeadings, []],
    ]
    for (const [texts, allowed] of groups) {
      expect(texts).not.toBeNull()
      for (const text of Object.values(texts ?? {})) expect(unknownTokens(text ?? '', allowed), String(text)).toEqual([])
    }
  })

  it("the moved and cancellation e-mails of the local dataset name the booking's date and window", async () => {
    const wording = await queryLocalDataset<EmailSettingsQueryResult>(emailSettingsQuery)
    expect(missingTokens(wording?.bookingMoved?.body ?? '', ['slot'])).toEqual([])
    expect(missingTokens(wording?.bookingMoved?.subject ?? '', ['slot'])).toEqual([])
    expect(missingTokens(wording?.cancellationRequestReceived?.body ?? '', ['slot'])).toEqual([])
  })
})

describe('typedTextTokens', () => {
  it('names the tokens that would repeat typed text in an acknowledgement, among the unknown ones', () => {
    expect(typedTextTokens('Hi {firstName} ({reference}): {message} about {service}, {foo}', EMAIL_TOKENS.customer)).toEqual(['message', 'service'])
    expect(typedTextTokens('{name} at {address}, {notes}', EMAIL_TOKENS.estimate)).toEqual(['name', 'address', 'notes'])
    // Where a token is offered (the business's subjects name the customer), it is not refused.
    expect(typedTextTokens('New request from {name}: {service}', EMAIL_TOKENS.business)).toEqual([])
  })
})

describe('missingTokens', () => {
  it('lists the required tokens a text leaves out', () => {
    expect(missingTokens('Moved from {from} to {to}', CHANGE_HISTORY_TOKENS.moved)).toEqual([])
    expect(missingTokens('Moved to {to}', CHANGE_HISTORY_TOKENS.moved)).toEqual(['from'])
    expect(missingTokens('Moved', CHANGE_HISTORY_TOKENS.moved)).toEqual(['from', 'to'])
  })

  it("finds none missing, and none unknown, in the manage page's list of changes of the local dataset", async () => {
    const pages = await queryLocalDataset<PaymentPagesQueryResult>(paymentPagesQuery)
    const moved = pages?.manage?.movedHistory ?? ''
    const asked = pages?.manage?.cancellationRequestedHistory ?? ''
    expect([missingTokens(moved, CHANGE_HISTORY_TOKENS.moved), unknownTokens(moved, CHANGE_HISTORY_TOKENS.moved)]).toEqual([[], []])
    expect(unknownTokens(asked, CHANGE_HISTORY_TOKENS.cancellationRequested)).toEqual([])
    expect(asked).not.toBe('')
  })
})
