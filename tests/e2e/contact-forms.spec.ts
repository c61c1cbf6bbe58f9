import {holdRequests} from './support/network'
import {expect, test, type Page} from './support/test'
import {axeViolations, VIEWPORTS} from './support/booking-ui'
import {getDocument} from './support/dataset'
import {field, flat, forms, leadForm, openWithForm, uniqueEmail, waitForMail} from './support/leads'
import {addressOf, E2E_INBOX} from './support/smtp'

/**
 * The contact forms: on the home page the phone is checked on every change and
 * the button reads 'Submitting...' while sending; on /contact it is checked when the visitor leaves
 * the field and the button reads 'Sending...'. Name, e-mail, phone and message are required; a
 * stored message resets the form and says 'Your message has been submitted!'; the business gets it
 * by e-mail with the page it came from, the visitor an acknowledgement.
 */

const text = forms().contactForm
const messages = forms().messages
const contactForm = (page: Page) => leadForm(page, text.heading)
const settings = getDocument<{email: string}>('siteSettings')

async function fillContactForm(page: Page, visitor: {name: string; email: string; phone: string; message: string}) {
  const form = contactForm(page)
  await field(form, text.nameLabel).fill(visitor.name)
  await field(form, text.emailLabel).fill(visitor.email)
  await field(form, text.phoneLabel).fill(visitor.phone)
  await field(form, text.messageLabel).fill(visitor.message)
}

test.describe('contact forms', () => {
  test("home page: a message is sent with 'Submitting...', confirmed, the form reset, and e-mailed with its page", async ({page}) => {
    await openWithForm(page, '/')
    const email = uniqueEmail('bartholomew.home')
    await fillContactForm(page, {name: 'Bartholomew Ashgrove', email, phone: '425.555.0166', message: 'Do you clean skylights?\nOurs are 14 feet up.'})
    const held = await holdRequests(page, '/api/contact-messages')
    await contactForm(page).getByRole('button', {name: text.submitLabel}).click()
    await expect(contactForm(page).getByRole('button', {name: text.homeSubmittingLabel})).toBeDisabled()
    held.release()
    await expect(contactForm(page).getByRole('status')).toHaveText(messages.submitted)
    for (const label of [text.nameLabel, text.emailLabel, text.phoneLabel, text.messageLabel]) await expect(field(contactForm(page), label)).toHaveValue('')

    const [business] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.replyTo) === email)
    expect(addressOf(business.to)).toBe(settings.email)
    expect(business.subject).toContain('Bartholomew Ashgrove')
    for (const value of ['Bartholomew Ashgrove', email, '(425) 555-0166', 'Do you clean skylights?', 'Ours are 14 feet up.']) expect(flat(business.text)).toContain(value)
    expect(flat(business.text)).toMatch(/Page \/ /)
    const [ack] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email)
    expect(ack.subject).toBe(getDocument<{contactMessageReceived: {subject: string}}>('emailSettings').contactMessageReceived.subject)
    expect(flat(ack.text)).toContain('Bartholomew')
  })

  test('home page: the phone is checked on every change, and Submit is disabled while it is invalid', async ({page}) => {
    await openWithForm(page, '/')
    const phone = field(contactForm(page), text.phoneLabel)
    await phone.pressSequentially('42')
    await expect(contactForm(page).getByText(messages.phoneInvalid)).toBeVisible()
    await expect(contactForm(page).getByRole('button', {name: text.submitLabel})).toBeDisabled()
    await phone.pressSequentially('5 555 0166')
    await expect(contactForm(page).getByText(messages.phoneInvalid)).toHaveCount(0)
    await expect(contactForm(page).getByRole('button', {name: text.submitLabel})).toBeEnabled()
  })

  test("contact page: the phone is checked on leaving the field, and a message is sent with 'Sending...'", async ({page}) => {
    await openWithForm(page, '/contact')
    const form = contactForm(page)
    const email = uniqueEmail('ingrid.page')
    await field(form, text.nameLabel).fill('Ingrid Valdés-Okafor')
    await field(form, text.emailLabel).fill(email)
    await field(form, text.phoneLabel).fill('206-555-01')
    // Not while typing…
    await expect(form.getByText(messages.phoneInvalid)).toHaveCount(0)
    // …but once the visitor moves on.
    await field(form, text.messageLabel).focus()
    await expect(form.getByText(messages.phoneInvalid)).toBeVisible()
    await expect(form.getByRole('button', {name: text.submitLabel})).toBeDisabled()
    await field(form, text.phoneLabel).fill('206-555-0199')
    await expect(form.getByText(messages.phoneInvalid)).toHaveCount(0)
    await field(form, text.messageLabel).fill('Could you quote a move-out clean for a 2-bedroom condo?')

    const held = await holdRequests(page, '/api/contact-messages')
    await form.getByRole('button', {name: text.submitLabel}).click()
    await expect(form.getByRole('button', {name: text.pageSubmittingLabel})).toBeDisabled()
    held.release()
    await expect(form.getByRole('status')).toHaveText(messages.submitted)
    await expect(field(form, text.nameLabel)).toHaveValue('')

    const [business] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.replyTo) === email)
    expect(flat(business.text)).toContain('Ingrid Valdés-Okafor')
    expect(flat(business.text)).toContain('(206) 555-0199')
    expect(flat(business.text)).toContain('/contact')
  })

  test('every field is required, each with its message', async ({page}) => {
    await openWithForm(page, '/contact')
    const form = contactForm(page)
    await form.getByRole('button', {name: text.submitLabel}).click()
    for (const key of ['nameRequired', 'emailRequired', 'phoneRequired', 'messageRequired']) {
      await expect(form.getByText(messages[key], {exact: true})).toBeVisible()
    }
    await field(form, text.emailLabel).fill('not-an-address')
    await expect(form.getByText(messages.emailInvalid, {exact: true})).toBeVisible()
  })

  for (const viewport of VIEWPORTS) {
    test(`the contact page has no axe violations with every message shown, at ${viewport.width} px`, async ({page}) => {
      await page.setViewportSize({width: viewport.width, height: viewport.height})
      await openWithForm(page, '/contact')
      await contactForm(page).getByRole('button', {name: text.submitLabel}).click()
      await expect(contactForm(page).getByText(messages.messageRequired, {exact: true})).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
