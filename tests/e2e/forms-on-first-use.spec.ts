import type {Page} from '@playwright/test'
import {expect, test} from './support/test'
import {holdScripts} from './support/network'
import {getDocument} from './support/dataset'
import {bookingForm, countBookingPosts, openBookingScreen} from './support/booking-ui'
import {field, flat, forms, leadForm, openWithForm, uniqueEmail, waitForMail} from './support/leads'
import {addressOf, E2E_INBOX} from './support/smtp'

/**
 * A form's validation and submit code (react-hook-form, zod, the schemas) loads when the
 * visitor first uses the form, not with the page. What a visitor must never notice: text typed
 * before the code arrives is kept, with the focus and the caret, and is sent; a submit clicked
 * before then is validated and sent once the code is there; scrolling to a form does not load it.
 * The code is held back with Playwright's routing (no timing), then let through.
 */

const text = forms()
const messages = text.messages
const settings = getDocument<{email: string}>('siteSettings')

/** The POSTs a page sends to `path`. */
function countPosts(page: Page, path: string): {readonly count: number} {
  let count = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) count++
  })
  return {
    get count() {
      return count
    },
  }
}

test.describe('forms whose code loads on first use', () => {
  test('the quote form keeps what is typed before its code has arrived, with the focus and the caret, and sends it', async ({page}) => {
    const quote = text.quoteForm
    await openWithForm(page, '/roof-cleaning')
    const code = await holdScripts(page)
    const form = leadForm(page, quote.heading)
    const email = uniqueEmail('ingrid.early')

    // Typed, chosen and ticked while the code is held back.
    await field(form, quote.lastNameLabel).fill('Solberg-Achebe')
    await field(form, quote.phoneLabel).fill('(425) 555-0190')
    await field(form, quote.emailLabel).fill(email)
    await field(form, quote.zipCodeLabel).fill('98057')
    await field(form, quote.desiredServicesLabel, {required: false}).fill('Moss on the garage roof.')
    await field(form, quote.heardAboutUsLabel, {required: false}).selectOption(quote.heardAboutUsOptions[1])
    await form.getByRole('checkbox', {name: new RegExp(`^${quote.termsLabel} ${quote.termsLinkText}`)}).check()
    const firstName = field(form, quote.firstNameLabel)
    await firstName.pressSequentially('Ing')
    // The first touch asked for the code; the form is not live yet, and shows what was typed.
    await expect.poll(() => code.count).toBeGreaterThan(0)
    await expect(form).not.toHaveAttribute('data-interactive')
    await expect(firstName).toHaveValue('Ing')

    await code.release()
    await expect(form).toHaveAttribute('data-interactive', '')
    await expect(firstName).toBeFocused()
    expect(await firstName.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([3, 3])
    await firstName.pressSequentially('rid')
    await expect(firstName).toHaveValue('Ingrid')
    await expect(field(form, quote.zipCodeLabel)).toHaveValue('98057')

    await form.getByRole('button', {name: quote.submitLabel}).click()
    await expect(form.getByRole('status')).toHaveText(messages.submitted)
    await expect(firstName).toHaveValue('')
    const [business] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.replyTo) === email)
    expect(addressOf(business.to)).toBe(settings.email)
    for (const value of ['Ingrid', 'Solberg-Achebe', '(425) 555-0190', '98057', 'Moss on the garage roof.', quote.heardAboutUsOptions[1], '/roof-cleaning']) {
      expect(flat(business.text)).toContain(value)
    }
  })

  test('a submit clicked before the contact form has its code is validated once the code arrives, and nothing is sent', async ({page}) => {
    const contact = text.contactForm
    const posts = countPosts(page, '/api/contact-messages')
    await openWithForm(page, '/contact')
    const code = await holdScripts(page)
    const form = leadForm(page, contact.heading)
    await field(form, contact.emailLabel).fill('not-an-address')
    await form.getByRole('button', {name: contact.submitLabel}).click()
    await expect.poll(() => code.count).toBeGreaterThan(0)
    // Held: no message yet, the page has not been sent anywhere.
    await expect(form.getByText(messages.nameRequired)).toHaveCount(0)
    expect(new URL(page.url()).pathname).toBe('/contact')

    await code.release()
    await expect(form.getByText(messages.nameRequired)).toBeVisible()
    await expect(form.getByText(messages.emailInvalid)).toBeVisible()
    await expect(field(form, contact.nameLabel)).toBeFocused()
    await expect(field(form, contact.emailLabel)).toHaveValue('not-an-address')
    expect(posts.count).toBe(0)
  })

  test('a submit clicked before the home contact form has its code is sent once the code arrives', async ({page}) => {
    const contact = text.contactForm
    const posts = countPosts(page, '/api/contact-messages')
    await openWithForm(page, '/')
    const code = await holdScripts(page)
    const form = leadForm(page, contact.heading)
    const email = uniqueEmail('early.submit')
    await field(form, contact.nameLabel).fill('Philippa Early-Submit')
    await field(form, contact.emailLabel).fill(email)
    await field(form, contact.phoneLabel).fill('425 555 0188')
    await field(form, contact.messageLabel).fill('Sent before the page was ready.')
    await form.getByRole('button', {name: contact.submitLabel}).click()
    await expect.poll(() => code.count).toBeGreaterThan(0)
    expect(posts.count).toBe(0)

    await code.release()
    await expect(form.getByRole('status')).toHaveText(messages.submitted)
    expect(posts.count).toBe(1)
    const [business] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.replyTo) === email)
    for (const value of ['Philippa Early-Submit', '(425) 555-0188', 'Sent before the page was ready.']) expect(flat(business.text)).toContain(value)
  })

  test('the phone typed before the code arrives is checked as it would have been while typing', async ({page}) => {
    const contact = text.contactForm
    await openWithForm(page, '/')
    const code = await holdScripts(page)
    const form = leadForm(page, contact.heading)
    await field(form, contact.phoneLabel).pressSequentially('425 555')
    await expect.poll(() => code.count).toBeGreaterThan(0)
    await code.release()
    await expect(form.getByText(messages.phoneInvalid)).toBeVisible()
    await expect(form.getByRole('button', {name: contact.submitLabel})).toBeDisabled()
  })

  test('when the code fails to load (offline), the form keeps what was typed and loads it on the next touch', async ({page}) => {
    const contact = text.contactForm
    await openWithForm(page, '/contact')
    // Linked routes' prefetches are done: the next script the page asks for is the form's code.
    await page.waitForLoadState('networkidle')
    let failed = 0
    await page.route(/\/_next\/static\/.*\.js(\?|$)/, async (route) => {
      if (failed++ === 0) await route.abort('internetdisconnected')
      else await route.fallback()
    })
    const form = leadForm(page, contact.heading)
    await field(form, contact.nameLabel).fill('Ottoline Offline')
    await expect.poll(() => failed).toBeGreaterThan(0)
    await expect(form).not.toHaveAttribute('data-interactive')

    await field(form, contact.emailLabel).focus()
    await expect(form).toHaveAttribute('data-interactive', '')
    await expect(field(form, contact.nameLabel)).toHaveValue('Ottoline Offline')
    await form.getByRole('button', {name: contact.submitLabel}).click()
    await expect(form.getByText(messages.emailRequired)).toBeVisible()
    await expect(form.getByText(messages.nameRequired)).toHaveCount(0)
  })

  test('opening a page and scrolling to its form does not load the form code', async ({page}) => {
    // Only the page's own scripts: linked routes' prefetches are kept out of the count.
    await page.route('**/*', (route) => (route.request().headers()['next-router-prefetch'] ? route.abort() : route.fallback()))
    await page.goto('/roof-cleaning', {waitUntil: 'networkidle'})
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    const form = leadForm(page, text.quoteForm.heading)
    await page.mouse.move(10, 10)
    await page.mouse.wheel(0, 600)
    await form.scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, -200)
    // A load would have started in these events' handlers; one frame later its request is out.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(scripts).toEqual([])
    await expect(form).not.toHaveAttribute('data-interactive')

    // The first touch loads it.
    await field(form, text.quoteForm.firstNameLabel).focus()
    await expect(form).toHaveAttribute('data-interactive', '')
    expect(scripts.length).toBeGreaterThan(0)
  })

  test('a booking screen validates with the schemas once they arrive, when Confirm & Pay comes first', async ({page}) => {
    const posts = countBookingPosts(page)
    await openBookingScreen(page, '/house_cleaning')
    const code = await holdScripts(page)
    const form = bookingForm(page, 'House cleaning booking')
    const services = form.getByRole('group', {name: 'Services (required)'})
    await form.getByRole('button', {name: 'Confirm & Pay'}).click()
    await expect.poll(() => code.count).toBeGreaterThan(0)
    await expect(services).not.toHaveAccessibleDescription('Please select a service')

    await code.release()
    await expect(services).toHaveAccessibleDescription('Please select a service')
    await expect(services.getByRole('radio').first()).toBeFocused()
    expect(posts.count).toBe(0)
  })
})
