import {arrivalWindowLabel} from '../../lib/booking/arrival-window'
import {expect, test, type Page} from './support/test'
import {axeViolations, VIEWPORTS} from './support/booking-ui'
import {documentsOfType, getDocument} from './support/dataset'
import {estimateOffer, field, flat, forms, openWithForm, uniqueEmail, waitForMail, type EstimateOffer} from './support/leads'
import {E2E_INBOX, addressOf} from './support/smtp'

/**
 * /appointment: the request for a free in-home estimate (it replaced a health form
 * a cleaning company has no use for). Every field's validation message, a day the estimate crew does not offer refused
 * beside its field, a valid request that resets the form with one toast at the top centre for
 * 5000 ms saying what really happens (the content's words), both e-mails with the right Reply-To;
 * the page is linked from the quote sections that offer it and listed in the sitemap. Time in the
 * browser is Playwright's clock.
 */

const text = forms().appointmentForm
const messages = forms().messages
const page_ = getDocument<{heading: string}>('appointmentPage')
const company = getDocument<{email: string}>('siteSettings')
const form = (page: Page) => page.getByRole('form', {name: page_.heading})
const submit = (page: Page) => form(page).getByRole('button', {name: text.submitLabel})
const toast = (page: Page) => page.getByRole('status').filter({hasText: text.toastTitle})

type Visitor = {name: string; phone: string; email: string; address: string; zip: string; service: string; date: string; window: string; walkthrough: string; notes: string}

async function fillEstimate(page: Page, visitor: Visitor) {
  const f = form(page)
  await field(f, text.fullNameLabel).fill(visitor.name)
  await field(f, text.phoneLabel).fill(visitor.phone)
  await field(f, text.emailLabel).fill(visitor.email)
  await field(f, text.addressLabel).fill(visitor.address)
  await field(f, text.zipCodeLabel).fill(visitor.zip)
  await field(f, text.serviceLabel).selectOption(visitor.service)
  await field(f, text.visitDateLabel).selectOption(visitor.date)
  await f.getByRole('radio', {name: arrivalWindowLabel(visitor.window), exact: true}).check()
  await f.getByRole('radio', {name: visitor.walkthrough, exact: true}).check()
  await field(f, text.notesLabel, {required: false}).fill(visitor.notes)
}

test.describe('in-home estimate page', () => {
  test('is part of the site: indexable, in the sitemap, and linked from the quote sections that offer it', async ({page, request}) => {
    const response = await page.goto('/appointment')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', {level: 1})).toHaveText(page_.heading)
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0)
    expect(await (await request.get('/sitemap.xml')).text()).toMatch(/<loc>[^<]*\/appointment<\/loc>/)

    const offering = documentsOfType<{slug: {current: string}; quoteSection?: {estimateVisit?: {buttonLabel: string}}}>('servicePage').filter(
      (service) => service.quoteSection?.estimateVisit,
    )
    expect(offering.map((service) => service.slug.current)).toContain('mold-remediation')
    await page.goto('/mold-remediation')
    const link = page.getByRole('link', {name: offering.find((service) => service.slug.current === 'mold-remediation')!.quoteSection!.estimateVisit!.buttonLabel})
    await expect(link).toHaveAttribute('href', '/appointment')
  })

  test('each field names its problem with its own message, and nothing is sent', async ({page}) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/appointments')) posts.push(request.url())
    })
    await openWithForm(page, '/appointment')
    await submit(page).click()
    const required = ['nameRequired', 'phoneRequired', 'emailRequired', 'addressRequired', 'zipCodeRequired', 'serviceRequired', 'visitDateRequired', 'visitWindowRequired', 'walkthroughRequired']
    for (const key of required) await expect(form(page).getByText(messages[key], {exact: true}), key).toBeVisible()
    // Focus goes to the first field in error.
    await expect(field(form(page), text.fullNameLabel)).toBeFocused()
    await field(form(page), text.phoneLabel).fill('425555014')
    await field(form(page), text.emailLabel).fill('someone@')
    await field(form(page), text.zipCodeLabel).fill('9805')
    for (const key of ['phoneInvalid', 'emailInvalid', 'zipCodeInvalid']) await expect(form(page).getByText(messages[key], {exact: true}), key).toBeVisible()
    expect(posts).toEqual([])
  })

  test('a day the estimate crew no longer offers is refused beside the day, and the offer is asked for again', async ({page, request}) => {
    const real = await estimateOffer(request)
    // The offer as the page loaded it, with a day the crew does not work (a Sunday beyond the real ones).
    const last = real.days[real.days.length - 1].date
    const sunday = new Date(`${last}T12:00:00Z`)
    sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7 || 7))
    const stale = sunday.toISOString().slice(0, 10)
    let served = 0
    await page.route('**/api/availability?form=estimate', async (route) => {
      served += 1
      const offer: EstimateOffer = served === 1 ? {...real, days: [...real.days, {date: stale, windows: real.days[0].windows}]} : real
      await route.fulfill({json: {ok: true, ...offer}})
    })
    await openWithForm(page, '/appointment')
    await fillEstimate(page, {
      name: 'Ruth Stale-Offer',
      phone: '425 555 0177',
      email: uniqueEmail('stale.estimate'),
      address: '5 Burnett Ave N',
      zip: '98057',
      service: text.serviceOptions[0],
      date: stale,
      window: real.days[0].windows[0].window,
      walkthrough: text.walkthroughVideo,
      notes: '',
    })
    await submit(page).click()
    await expect(form(page).getByText(messages.visitDateUnavailable, {exact: true})).toBeVisible()
    await expect(field(form(page), text.visitDateLabel)).toBeFocused()
    await expect.poll(() => served).toBe(2)
    await expect(field(form(page), text.visitDateLabel).locator(`option[value="${stale}"]`)).toHaveCount(0)
    // What was typed stays.
    await expect(field(form(page), text.fullNameLabel)).toHaveValue('Ruth Stale-Offer')
  })

  test('a valid request resets the form and shows one toast at the top centre, in the content’s words, for 5000 ms; both e-mails answer to the right person', async ({page, request}) => {
    const offer = await estimateOffer(request)
    await page.clock.install({time: new Date()})
    await openWithForm(page, '/appointment')
    // Time stands still from here (a moment after the page's own now): only runFor moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    const email = uniqueEmail('philippa.estimate')
    const day = offer.days[0]
    await fillEstimate(page, {
      name: 'Philippa Okonjo-Marsh',
      phone: '(425) 555-0188',
      email,
      address: '1200 Lake Washington Blvd N',
      zip: '98056',
      service: text.serviceOptions[0],
      date: day.date,
      window: day.windows[0].window,
      walkthrough: text.walkthroughVideo,
      notes: 'Drywall dust everywhere.',
    })
    await submit(page).click()

    await expect(toast(page)).toBeVisible()
    // The toast says what happens (the content's words): no SMS.
    await expect(toast(page).getByText(text.toastTitle, {exact: true})).toBeVisible()
    await expect(toast(page).getByText(text.toastNote, {exact: true})).toBeVisible()
    expect(`${text.toastTitle} ${text.toastNote}`).not.toMatch(/SMS|text message/i)
    const box = (await toast(page).locator('> div').boundingBox())!
    const viewport = page.viewportSize()!
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2)
    expect(box.y).toBeLessThan(40)
    for (const label of [text.fullNameLabel, text.phoneLabel, text.emailLabel, text.addressLabel, text.zipCodeLabel]) await expect(field(form(page), label)).toHaveValue('')
    await expect(form(page).getByRole('radio', {checked: true})).toHaveCount(0)

    // A second request while the toast is open: still one toast, shown afresh.
    await fillEstimate(page, {
      name: 'Philippa Okonjo-Marsh',
      phone: '425 555 0188',
      email: uniqueEmail('philippa.again'),
      address: '1200 Lake Washington Blvd N',
      zip: '98056',
      service: text.serviceOptions[1],
      date: day.date,
      window: day.windows[day.windows.length - 1].window,
      walkthrough: text.walkthroughInPerson,
      notes: '',
    })
    await submit(page).click()
    await expect(form(page).getByRole('radio', {checked: true})).toHaveCount(0)
    await expect(page.getByText(text.toastTitle)).toHaveCount(1)

    await page.clock.runFor(4999)
    await expect(toast(page)).toBeVisible()
    await page.clock.runFor(1)
    await expect(page.getByText(text.toastTitle)).toHaveCount(0)
    await expect(page.getByText(text.toastNote)).toHaveCount(0)

    // The business's notice answers to the customer; the acknowledgement goes to the address given.
    const [business] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.replyTo) === email)
    expect(addressOf(business.to)).toBe(company.email)
    for (const value of ['Philippa Okonjo-Marsh', '(425) 555-0188', '1200 Lake Washington Blvd N, 98056', text.serviceOptions[0], 'Drywall dust everywhere.', arrivalWindowLabel(day.windows[0].window)]) {
      expect(flat(business.text)).toContain(value)
    }
    const [customer] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email)
    expect(addressOf(customer.replyTo)).toBe(company.email)
    expect(flat(customer.text)).toContain(arrivalWindowLabel(day.windows[0].window))
    expect(flat(customer.text)).not.toContain('Philippa')
  })

  for (const viewport of VIEWPORTS) {
    test(`has no axe violations with every message shown, at ${viewport.width} px`, async ({page}) => {
      await page.setViewportSize({width: viewport.width, height: viewport.height})
      await openWithForm(page, '/appointment')
      await submit(page).click()
      await expect(form(page).getByText(messages.walkthroughRequired, {exact: true})).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
