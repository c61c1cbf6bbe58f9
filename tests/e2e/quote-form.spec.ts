import {randomUUID} from 'node:crypto'
import {holdRequests} from './support/network'
import {expect, test, type Page} from './support/test'
import {axeViolations, expectNoHorizontalScroll, VIEWPORTS} from './support/booking-ui'
import {getDocument} from './support/dataset'
import {field, fillQuoteForm, flat, forms, leadForm, openWithForm, uniqueEmail, waitForMail} from './support/leads'
import {addressOf, E2E_INBOX} from './support/smtp'

/**
 * The quote form at #quote of the quote landing pages: submitted as a
 * visitor would, it says 'Submitting…' while sending, then the success message with its check mark,
 * and every field is empty again; the business gets every field and the page by e-mail (answering
 * goes to the visitor), the visitor an acknowledgement. The phone is checked as it is typed and
 * Submit is disabled while it is not ten digits. Pages bookable online offer 'Book online' at the
 * booking catalog's starting price.
 */

const text = forms().quoteForm
const messages = forms().messages
const quoteForm = (page: Page) => leadForm(page, text.heading)
const submit = (page: Page) => quoteForm(page).getByRole('button', {name: text.submitLabel})
const settings = getDocument<{phone: string; email: string}>('siteSettings')

test.describe('quote form', () => {
  test('a request from /roof-cleaning is confirmed with a check mark, resets every field, and reaches the business and the visitor', async ({page}) => {
    await openWithForm(page, '/roof-cleaning')
    const form = quoteForm(page)
    const email = uniqueEmail('marisol.quote')
    // Distinctive words in every typed field: the acknowledgement must repeat none but the first name.
    await fillQuoteForm(form, text, {
      firstName: 'Marisol',
      lastName: 'Ferreira-Nakamura',
      phone: '(425) 555-0137',
      email,
      zipCode: '98077',
      squareFootage: '2,150',
      desiredServices: 'Moss on the north side and the garage roof. Claim your prize at evil.example',
      heardAboutUs: text.heardAboutUsOptions[2],
    })

    const held = await holdRequests(page, '/api/quote-requests')
    await submit(page).click()
    await expect(quoteForm(page).getByRole('button', {name: text.submittingLabel})).toBeVisible()
    await expect(quoteForm(page).getByRole('button', {name: text.submittingLabel})).toBeDisabled()
    held.release()

    const status = form.getByRole('status').filter({hasText: messages.submitted})
    await expect(status).toBeVisible()
    await expect(status.locator('svg')).toHaveCount(1)
    await expect(status).toBeFocused()
    for (const label of [text.firstNameLabel, text.lastNameLabel, text.phoneLabel, text.emailLabel, text.zipCodeLabel]) {
      await expect(field(form, label)).toHaveValue('')
    }
    await expect(field(form, text.squareFootageLabel, {required: false})).toHaveValue('')
    await expect(field(form, text.desiredServicesLabel, {required: false})).toHaveValue('')
    await expect(field(form, text.heardAboutUsLabel, {required: false})).toHaveValue('')
    await expect(form.getByRole('checkbox')).not.toBeChecked()
    await expect(submit(page)).toBeEnabled()

    const [business] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.replyTo) === email)
    expect(addressOf(business.to)).toBe(settings.email)
    expect(business.subject).toContain('Roof Cleaning')
    expect(business.subject).toContain('Marisol Ferreira-Nakamura')
    for (const value of ['Marisol', 'Ferreira-Nakamura', '(425) 555-0137', email, '98077', '2150', 'Moss on the north side and the garage roof. Claim your prize at evil.example', text.heardAboutUsOptions[2], '/roof-cleaning']) {
      expect(flat(business.text)).toContain(value)
      expect(business.html).toContain(value.replace(/&/g, '&amp;'))
    }
    const reference = flat(business.text).match(/Reference ([0-9A-F]{4}-[0-9A-F]{4})/)?.[1]
    expect(reference, "the business's notice shows the request's reference").toBeTruthy()

    // The acknowledgement went to an address nobody has confirmed: the first name, the reference and
    // what happens next, nothing else that was typed (subject, HTML and plain text, as parsed).
    const [ack] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email)
    expect(ack.subject).toBe(getDocument<{quoteRequestReceived: {subject: string}}>('emailSettings').quoteRequestReceived.subject)
    const readable = [ack.subject ?? '', ack.html || '', flat(ack.text)].join('\n')
    for (const typed of ['Ferreira', 'Nakamura', '555-0137', '5550137', '98077', '2,150', '2150', 'Moss', 'garage', 'prize', 'evil.example', text.heardAboutUsOptions[2], 'Roof Cleaning']) {
      expect(readable, typed).not.toContain(typed)
    }
    expect(flat(ack.text)).toContain('Marisol')
    expect(flat(ack.text)).toContain(reference as string)
    expect(ack.html).toContain(reference as string)
    expect(flat(ack.text)).toContain(settings.phone)
  })

  test('the phone number is checked as it is typed: the message shows and Submit is disabled until ten digits', async ({page}) => {
    await openWithForm(page, '/gutter-cleaning')
    const phone = field(quoteForm(page), text.phoneLabel)
    await phone.pressSequentially('425555')
    await expect(quoteForm(page).getByText(messages.phoneInvalid)).toBeVisible()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(submit(page)).toBeDisabled()
    await phone.pressSequentially('0142')
    await expect(quoteForm(page).getByText(messages.phoneInvalid)).toHaveCount(0)
    await expect(submit(page)).toBeEnabled()
    // Eleven digits are not ten either.
    await phone.pressSequentially('9')
    await expect(quoteForm(page).getByText(messages.phoneInvalid)).toBeVisible()
    await expect(submit(page)).toBeDisabled()
  })

  test('each validation message shows beside its field and nothing is sent', async ({page}) => {
    await openWithForm(page, '/house-washing')
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/quote-requests')) posts.push(request.url())
    })
    const form = quoteForm(page)
    await submit(page).click()
    for (const key of ['firstNameRequired', 'lastNameRequired', 'phoneRequired', 'emailRequired', 'zipCodeRequired', 'termsRequired']) {
      await expect(form.getByText(messages[key], {exact: true})).toBeVisible()
    }
    await expect(field(form, text.firstNameLabel)).toBeFocused()

    await field(form, text.emailLabel).fill('marisol@example')
    await field(form, text.zipCodeLabel).fill('9805')
    await field(form, text.squareFootageLabel, {required: false}).fill('about two thousand')
    await submit(page).click()
    await expect(form.getByText(messages.emailInvalid, {exact: true})).toBeVisible()
    await expect(form.getByText(messages.zipCodeInvalid, {exact: true})).toBeVisible()
    await expect(form.getByText(messages.squareFootageInvalid, {exact: true})).toBeVisible()
    expect(posts).toEqual([])
  })

  test('a line or paragraph separator, NEL or a C1 control character in a single-line field is refused beside it, in the browser and by the server', async ({page, request}) => {
    await openWithForm(page, '/gutter-cleaning')
    const posts: string[] = []
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().includes('/api/quote-requests')) posts.push(sent.url())
    })
    const form = quoteForm(page)
    await fillQuoteForm(form, text, {
      firstName: 'Eve\u2028Bcc: mallory@evil.example',
      lastName: 'Doe\u0085Bcc',
      phone: '(425) 555-0137',
      email: uniqueEmail('eve.separator'),
      zipCode: '98056',
      squareFootage: '2000\u2029',
      desiredServices: 'Gutters\u2028and downspouts',
      heardAboutUs: text.heardAboutUsOptions[0],
    })
    await submit(page).click()
    for (const label of [text.firstNameLabel, text.lastNameLabel]) {
      await expect(field(form, label)).toHaveAttribute('aria-invalid', 'true')
      await expect(field(form, label)).toHaveAccessibleDescription(new RegExp(messages.unsupportedCharacters.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    }
    await expect(form.getByText(messages.unsupportedCharacters, {exact: true})).toHaveCount(3)
    // The message field of several lines takes the separator as a line break: no message there.
    await expect(field(form, text.desiredServicesLabel, {required: false})).not.toHaveAttribute('aria-invalid', 'true')
    expect(posts).toEqual([])

    // The server runs the same schema.
    const response = await request.post('/api/quote-requests', {
      data: {
        submissionKey: randomUUID(),
        firstName: 'Eve\u0085Bcc: mallory@evil.example',
        lastName: 'Doe',
        phone: '425-555-0137',
        email: uniqueEmail('eve.server'),
        zipCode: '98056',
        termsAccepted: true,
        page: {path: '/gutter-cleaning', title: 'Gutter Cleaning'},
        website: '',
      },
    })
    expect(response.status()).toBe(400)
    expect(await response.json()).toMatchObject({ok: false, kind: 'validation', fieldErrors: {firstName: 'unsupportedCharacters'}})
  })

  test("a commercial page offers 'Book online' at the catalog's starting price, with the service chosen on the booking screen", async ({page}) => {
    await openWithForm(page, '/corporate-office')
    const quote = page.locator('section#quote')
    const offer = getDocument<{quoteSection: {bookOnline: {heading: string; priceLabel: string; buttonLabel: string}}}>('servicePage-corporate-office').quoteSection.bookOnline
    await expect(quote.getByRole('heading', {level: 3, name: offer.heading})).toBeVisible()
    // Spec §9: commercial base $40 + Corporate Office Cleaning $20.
    await expect(quote.getByText(`${offer.priceLabel} $60.00`)).toBeVisible()
    await expect(quoteForm(page)).toBeVisible()
    await quote.getByRole('link', {name: offer.buttonLabel}).click()
    await expect(page).toHaveURL(/\/commercial_cleaning\?subService=Corporate\+Office\+Cleaning$/)
    await expect(page.getByRole('radio', {name: 'Corporate Office Cleaning', exact: true})).toBeChecked()
  })

  test("an exterior page's 'Book online' shows the lowest exterior price of its service", async ({page}) => {
    await openWithForm(page, '/pressure-washing')
    const offer = getDocument<{quoteSection: {bookOnline: {priceLabel: string; buttonLabel: string}}}>('servicePage-pressure-washing').quoteSection.bookOnline
    // Spec §9: base $40 + Every 3 Months $10 + Pressure Washing $40.
    await expect(page.locator('section#quote').getByText(`${offer.priceLabel} $90.00`)).toBeVisible()
    await page.locator('section#quote').getByRole('link', {name: offer.buttonLabel}).click()
    await expect(page).toHaveURL(/\/exterior_cleaning\?service=Pressure\+Washing$/)
    await expect(page.getByRole('radio', {name: /^Pressure Washing/})).toBeChecked()
  })

  test('the mold page has the quote form beside the phone-only inspection, and no online booking', async ({page}) => {
    await openWithForm(page, '/mold-remediation')
    const quote = page.locator('section#quote')
    await expect(quoteForm(page)).toBeVisible()
    await expect(quote.getByRole('link', {name: /Book online/})).toHaveCount(0)
    await expect(quote.getByRole('link', {name: 'Schedule Your Inspection'})).toHaveAttribute('href', /^tel:/)
  })

  for (const viewport of VIEWPORTS) {
    test(`a quote landing has no axe violations, with every message of the form shown, at ${viewport.width} px`, async ({page}) => {
      await page.setViewportSize({width: viewport.width, height: viewport.height})
      await openWithForm(page, '/roof-cleaning')
      await submit(page).click()
      await expect(quoteForm(page).getByText(messages.termsRequired, {exact: true})).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)
    })
  }
})
