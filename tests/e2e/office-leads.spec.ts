import {randomUUID} from 'node:crypto'
import {expect, test} from './support/test'
import {axeViolations, expectNoHorizontalScroll} from './support/booking-ui'
import {getDocument} from './support/dataset'
import {field, fillQuoteForm, flat, forms, leadForm, openWithForm, uniqueEmail, waitForMail} from './support/leads'
import {signInAsStaff} from './support/office'
import {addressOf, E2E_INBOX} from './support/smtp'

/**
 * Leads in the office: a quote request sent through the site's form is in
 * the inbox as new; staff assign it, reply by e-mail (it becomes contacted), note and move it to
 * quoted and won; the customer receives the reply (parsed from the SMTP server) and the lead's
 * history names who did each.
 */

const text = forms().quoteForm
const settings = getDocument<{email: string}>('siteSettings')

test('a quote request is worked in the office: assigned, answered by e-mail, contacted → quoted → won with notes', async ({page}) => {
  const email = uniqueEmail('office.lead')
  const lastName = `Lindqvist-${randomUUID().slice(0, 6)}`
  await openWithForm(page, '/roof-cleaning')
  const form = leadForm(page, text.heading)
  await fillQuoteForm(form, text, {
    firstName: 'Henrika',
    lastName,
    phone: '(425) 555-0181',
    email,
    zipCode: '98059',
    squareFootage: '1,900',
    desiredServices: 'Moss on the shed roof',
    heardAboutUs: text.heardAboutUsOptions[0],
  })
  await form.getByRole('checkbox').check()
  await form.getByRole('button', {name: text.submitLabel}).click()
  await expect(form.getByRole('status').filter({hasText: forms().messages.submitted})).toBeVisible()
  await expect(field(form, text.firstNameLabel)).toHaveValue('')

  const staffName = `Dana ${randomUUID().slice(0, 6)}`
  await signInAsStaff(page, staffName)

  // The inbox, searched by the customer's e-mail: one lead, new, nobody's.
  await page.goto('/office/leads')
  await page.getByLabel('Search name, e-mail or phone').fill(email)
  await page.getByRole('button', {name: 'Show leads'}).click()
  const table = page.getByRole('table', {name: /Leads matching the filters/})
  const row = table.getByRole('row').filter({hasText: email})
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('cell').nth(1)).toHaveText('Quote request')
  await expect(row.getByRole('cell').nth(4)).toHaveText('New')
  await expect(row.getByRole('cell').nth(5)).toHaveText('Nobody')
  await row.getByRole('link', {name: `Henrika ${lastName}`}).click()

  await expect(page.getByRole('heading', {level: 1})).toContainText(`Henrika ${lastName}`)
  await expect(page.getByRole('definition').filter({hasText: 'Moss on the shed roof'})).toBeVisible()

  await page.getByLabel('Assign to').selectOption({label: staffName})
  await page.getByRole('button', {name: 'Assign', exact: true}).click()
  await expect(page.getByTestId('lead-assignee')).toHaveText(staffName)

  // A reply to a new lead makes it contacted (the form's default).
  const subject = `Your roof quote ${randomUUID().slice(0, 6)}`
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Message').fill('We can clean the shed roof on Tuesday.\nIt comes to <b>$180</b> & takes two hours.')
  await expect(page.getByLabel('Then set the status to')).toHaveValue('contacted')
  await page.getByRole('button', {name: 'Send reply'}).click()
  await expect(page.getByRole('status').filter({hasText: 'Reply queued'})).toBeVisible()
  await expect(page.getByTestId('lead-status')).toHaveText('Contacted')

  for (const [status, note] of [
    ['Quoted', 'Quoted $180 by phone as well.'],
    ['Won', 'Booked for Tuesday.'],
  ]) {
    await page.getByLabel('New note').fill(note)
    await page.getByRole('button', {name: 'Add note'}).click()
    await expect(page.getByRole('region', {name: 'Internal notes'}).getByRole('listitem').filter({hasText: note})).toContainText(staffName)
    await page.getByLabel('Change status to').selectOption({label: status})
    await page.getByRole('button', {name: 'Change status'}).click()
    await expect(page.getByTestId('lead-status')).toHaveText(status)
  }

  // The customer's e-mail: what staff wrote (as text), signed by them, answering to the business.
  const [reply] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email && mail.subject === subject)
  expect(addressOf(reply.replyTo)).toBe(settings.email)
  expect(flat(reply.text)).toContain('It comes to <b>$180</b> & takes two hours.')
  expect(reply.html).toContain('&lt;b&gt;$180&lt;/b&gt; &amp; takes two hours.')
  expect(flat(reply.text)).toContain(staffName)

  // The history names who did what, the reply among it.
  const history = page.getByRole('region', {name: 'History'})
  await expect(history).toContainText(subject)
  await expect(history).toContainText(staffName)

  expect(await axeViolations(page)).toEqual([])

  // The inbox agrees; on a crew lead's phone too (360 px: the table scrolls in its own region, the page does not).
  const leadPage = page.url()
  await page.setViewportSize({width: 360, height: 740})
  await page.goto(`/office/leads?q=${encodeURIComponent(email)}&assignee=mine&status=won`)
  await expect(table.getByRole('row').filter({hasText: email})).toHaveCount(1)
  await expectNoHorizontalScroll(page)
  expect(await axeViolations(page)).toEqual([])
  await page.goto(leadPage)
  await expect(page.getByTestId('lead-status')).toHaveText('Won')
  await expectNoHorizontalScroll(page)
})
