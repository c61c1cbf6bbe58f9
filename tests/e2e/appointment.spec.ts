import {expect, test, type Page} from './support/test'
import {axeViolations, VIEWPORTS} from './support/booking-ui'
import {getDocument} from './support/dataset'
import {field, flat, forms, openWithForm, waitForMail} from './support/leads'
import {E2E_INBOX} from './support/smtp'

/**
 * /appointment (spec §2, §3, §4, §5, §8): the leftover health form, 'Book Appointment Online'. Every
 * validation message for its case; a valid request is stored (the business is told by e-mail), the
 * form resets and a toast at the top centre says 'Appointment Scheduled !' with the SMS note, and
 * closes after 5000 ms, one at a time. Not linked from the navigation. Time is Playwright's clock.
 */

const text = forms().appointmentForm
const messages = forms().messages
const page_ = getDocument<{heading: string}>('appointmentPage')
const form = (page: Page) => page.getByRole('form', {name: page_.heading})
const submit = (page: Page) => form(page).getByRole('button', {name: text.submitLabel})
const toast = (page: Page) => page.getByRole('status').filter({hasText: text.toastTitle})

/** 'YYYY-MM-DDTHH:mm' in America/Los_Angeles, `days` after `now`, at `hour`:30. */
function localTime(now: Date, days: number, hour: number): string {
  const date = new Intl.DateTimeFormat('en-CA', {timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit'}).format(
    new Date(now.getTime() + days * 86_400_000),
  )
  return `${date}T${String(hour).padStart(2, '0')}:30`
}

async function fillAppointment(page: Page, patient: {name: string; phone: string; gender: string; time: string; mode: string}) {
  await field(form(page), text.patientNameLabel).fill(patient.name)
  await field(form(page), text.patientPhoneLabel).fill(patient.phone)
  await form(page).getByRole('radio', {name: patient.gender, exact: true}).check()
  await field(form(page), text.appointmentTimeLabel).fill(patient.time)
  await form(page).getByRole('radio', {name: patient.mode, exact: true}).check()
}

test.describe('appointment page', () => {
  test('is served with its title, kept out of search engines and not linked from the navigation', async ({page, request}) => {
    const response = await page.goto('/appointment')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', {level: 1})).toHaveText(page_.heading)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await page.goto('/')
    await expect(page.locator('a[href="/appointment"]')).toHaveCount(0)
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/appointment')
  })

  test('each validation message of spec §5 appears for its case, and nothing is sent', async ({page}) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/appointments')) posts.push(request.url())
    })
    await openWithForm(page, '/appointment')
    await submit(page).click()
    for (const key of ['patientNameRequired', 'patientPhoneRequired', 'patientGenderRequired', 'appointmentTimeRequired', 'preferredModeRequired']) {
      await expect(form(page).getByText(messages[key], {exact: true})).toBeVisible()
    }
    await field(form(page), text.patientNameLabel).fill('Ann Lee')
    await field(form(page), text.patientPhoneLabel).fill('425555014')
    await field(form(page), text.appointmentTimeLabel).fill(localTime(new Date(), -2, 9))
    await expect(form(page).getByText(messages.patientNameTooShort, {exact: true})).toBeVisible()
    await expect(form(page).getByText(messages.patientPhoneInvalid, {exact: true})).toBeVisible()
    await expect(form(page).getByText(messages.appointmentTimePast, {exact: true})).toBeVisible()
    expect(posts).toEqual([])
  })

  test('a valid request resets the form and shows one toast at the top centre, with the SMS note, for 5000 ms', async ({page}) => {
    const now = new Date()
    await page.clock.install({time: now})
    await openWithForm(page, '/appointment')
    // Time stands still from here (a moment after the page's own now): only runFor moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    await fillAppointment(page, {name: 'Philippa Okonjo-Marsh', phone: '(425) 555-0188', gender: text.genderPrivate, time: localTime(now, 3, 10), mode: text.modeVideo})
    await submit(page).click()

    await expect(toast(page)).toBeVisible()
    await expect(toast(page)).toContainText(text.toastNote)
    const box = (await toast(page).locator('> div').boundingBox())!
    const viewport = page.viewportSize()!
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2)
    expect(box.y).toBeLessThan(40)
    for (const label of [text.patientNameLabel, text.patientPhoneLabel, text.appointmentTimeLabel]) await expect(field(form(page), label)).toHaveValue('')
    await expect(form(page).getByRole('radio', {checked: true})).toHaveCount(0)

    // A second request while the toast is open: still one toast, shown afresh.
    await fillAppointment(page, {name: 'Philippa Okonjo-Marsh', phone: '425 555 0188', gender: text.genderFemale, time: localTime(now, 4, 11), mode: text.modeVoice})
    await submit(page).click()
    await expect(form(page).getByRole('radio', {checked: true})).toHaveCount(0)
    await expect(page.getByText(text.toastTitle)).toHaveCount(1)

    await page.clock.runFor(4999)
    await expect(toast(page)).toBeVisible()
    await page.clock.runFor(1)
    await expect(page.getByText(text.toastTitle)).toHaveCount(0)
    await expect(page.getByText(text.toastNote)).toHaveCount(0)

    const mail = await waitForMail(E2E_INBOX, (message) => flat(message.text).includes('Philippa Okonjo-Marsh'), 2)
    expect(mail.map((message) => message.subject)).toEqual(expect.arrayContaining([expect.stringContaining('Philippa Okonjo-Marsh')]))
    expect(mail.some((message) => flat(message.text).includes('Video call') && flat(message.text).includes('(425) 555-0188'))).toBe(true)
  })

  for (const viewport of VIEWPORTS) {
    test(`has no axe violations with every message shown, at ${viewport.width} px`, async ({page}) => {
      await page.setViewportSize({width: viewport.width, height: viewport.height})
      await openWithForm(page, '/appointment')
      await submit(page).click()
      await expect(form(page).getByText(messages.preferredModeRequired, {exact: true})).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
