import {randomUUID} from 'node:crypto'
import {expect, test, type Page} from './support/test'
import {arrivalWindowLabel} from '../../lib/booking/arrival-window.ts'
import {getDocument} from './support/dataset'
import {estimateOffer, field, fillQuoteForm, flat, forms, leadForm, uniqueEmail, waitForLeadForm, waitForMail} from './support/leads'
import {rowsWhere, type PrivateStack} from './support/private-stack'
import {addressOf} from './support/smtp'

/**
 * The lead forms' storage and e-mails on a site of its own, configured for Supabase (a local stand-in of
 * its Data API over PGlite, which this spec reads directly) and for SMTP (a real SMTP server here):
 * - each form submitted as a visitor is stored with every field and its page, with its e-mails;
 * - with the database down the visitor sees the failure message and keeps the typed text, and a
 *   retry succeeds once the database is back;
 * - with the mail server down the submission is stored and confirmed, and the e-mail goes out once
 *   the mail server is back, also when the server was killed between storing and sending;
 * - invalid submissions store nothing.
 */

const text = forms()
const messages = text.messages

test.describe('lead forms: storage, and the database or mail server going away', () => {
  // In order in one worker, on its stack (shared with other specs' tests there); not 'serial': no
  // test needs another's data, and one failure does not hide the others.
  test.describe.configure({mode: 'default'})
  test.setTimeout(120_000)
  let stack: PrivateStack

  test.beforeEach(({privateStack}) => {
    stack = privateStack
  })

  async function open(page: Page, path: string) {
    await page.goto(`${stack.server.baseUrl}${path}`)
    await waitForLeadForm(page)
  }

  test('a quote request is stored with every field and the page it came from, with its two e-mails', async ({page}) => {
    await open(page, '/roof-cleaning')
    const email = uniqueEmail('stored.quote')
    const form = leadForm(page, text.quoteForm.heading)
    await fillQuoteForm(form, text.quoteForm, {
      firstName: 'Leopoldine',
      lastName: 'Strand',
      phone: '+1 (425) 555-0123',
      email,
      zipCode: '98055-1234',
      squareFootage: '1800 sq ft',
      desiredServices: 'Moss and the gutters above the porch.',
      heardAboutUs: text.quoteForm.heardAboutUsOptions[4],
    })
    await form.getByRole('button', {name: text.quoteForm.submitLabel}).click()
    await expect(form.getByRole('status')).toHaveText(messages.submitted)

    const [row] = await rowsWhere(stack.db, 'quote_requests', 'email', email)
    expect(row).toMatchObject({
      first_name: 'Leopoldine',
      last_name: 'Strand',
      phone: '4255550123',
      zip_code: '98055-1234',
      square_footage: 1800,
      desired_services: 'Moss and the gutters above the porch.',
      heard_about_us: text.quoteForm.heardAboutUsOptions[4],
      page_path: '/roof-cleaning',
      page_title: 'Roof Cleaning',
    })
    expect(row.terms_accepted_at).toBeInstanceOf(Date)
    const outbox = await rowsWhere(stack.db, 'email_outbox', 'event_key', `quote_request:${row.id}:business`)
    expect(outbox).toHaveLength(1)
    await waitForMail(stack.inbox, (mail) => addressOf(mail.replyTo) === email)
    await waitForMail(stack.inbox, (mail) => addressOf(mail.to) === email)
  })

  test('contact messages from the home page and the contact page are stored with their page', async ({page}) => {
    for (const [path, variantEmail] of [
      ['/', uniqueEmail('stored.home')],
      ['/contact', uniqueEmail('stored.contact')],
    ] as const) {
      await open(page, path)
      const form = leadForm(page, text.contactForm.heading)
      await field(form, text.contactForm.nameLabel).fill('Ottoline Prewitt')
      await field(form, text.contactForm.emailLabel).fill(variantEmail)
      await field(form, text.contactForm.phoneLabel).fill('253-555-0110')
      await field(form, text.contactForm.messageLabel).fill(`Hello from ${path}.\nSecond line.`)
      await form.getByRole('button', {name: text.contactForm.submitLabel}).click()
      await expect(form.getByRole('status')).toHaveText(messages.submitted)
      const rows = await rowsWhere(stack.db, 'contact_messages', 'email', variantEmail)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({name: 'Ottoline Prewitt', phone: '2535550110', message: `Hello from ${path}.\nSecond line.`, page_path: path})
    }
  })

  test('an in-home estimate request is stored with every field, the day and window the estimate crew offers', async ({page, request}) => {
    await open(page, '/appointment')
    const form = page.getByRole('form', {name: getDocument<{heading: string}>('appointmentPage').heading})
    const a = text.appointmentForm
    const email = uniqueEmail('stored.estimate')
    const name = `Augustina ${randomUUID().slice(0, 6)}`
    const {days} = await estimateOffer(request, stack.server.baseUrl)
    const day = days[days.length > 1 ? 1 : 0]
    const window = day.windows[day.windows.length - 1]
    await field(form, a.fullNameLabel).fill(name)
    await field(form, a.phoneLabel).fill('4255550199')
    await field(form, a.emailLabel).fill(email)
    await field(form, a.addressLabel).fill('77 Rainier Ave S')
    await field(form, a.zipCodeLabel).fill('98057')
    await field(form, a.serviceLabel).selectOption(a.serviceOptions[1])
    await field(form, a.visitDateLabel).selectOption(day.date)
    await form.getByRole('radio', {name: arrivalWindowLabel(window.window), exact: true}).check()
    await form.getByRole('radio', {name: a.walkthroughInPerson, exact: true}).check()
    await field(form, a.notesLabel, {required: false}).fill('Attic and crawl space.\nBack door code 2468.')
    await form.getByRole('button', {name: a.submitLabel}).click()
    await expect(page.getByText(a.toastTitle)).toBeVisible()

    const rows = await rowsWhere(stack.db, 'appointments', 'email', email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      full_name: name,
      phone: '4255550199',
      email,
      address: '77 Rainier Ave S',
      zip_code: '98057',
      service: a.serviceOptions[1],
      visit_window: window.window,
      walkthrough: 'in_person',
      notes: 'Attic and crawl space.\nBack door code 2468.',
      page_path: '/appointment',
      patient_name: null,
      patient_gender: null,
    })
    const stored = await stack.db.query<{day: string}>(`select visit_date::text as day from public.appointments where email = $1`, [email])
    expect(stored.rows).toEqual([{day: day.date}])
    await waitForMail(stack.inbox, (mail) => flat(mail.text).includes(name))
  })

  test('with the database down the visitor sees the failure message and keeps the text; a retry stores it once it is back', async ({page}) => {
    await open(page, '/gutter-cleaning')
    const email = uniqueEmail('retry.quote')
    const form = leadForm(page, text.quoteForm.heading)
    const visitor = {
      firstName: 'Cosima',
      lastName: 'Halvorsen',
      phone: '425-555-0155',
      email,
      zipCode: '98058',
      squareFootage: '',
      desiredServices: 'Full gutter cleaning.',
      heardAboutUs: text.quoteForm.heardAboutUsOptions[0],
    }
    await fillQuoteForm(form, text.quoteForm, visitor)
    await stack.stopDatabase()
    try {
      await form.getByRole('button', {name: text.quoteForm.submitLabel}).click()
      await expect(form.getByRole('alert')).toHaveText(messages.failed)
      await expect(form.getByRole('status')).toHaveText('')
      await expect(field(form, text.quoteForm.firstNameLabel)).toHaveValue('Cosima')
      await expect(field(form, text.quoteForm.phoneLabel)).toHaveValue('425-555-0155')
      await expect(field(form, text.quoteForm.desiredServicesLabel, {required: false})).toHaveValue('Full gutter cleaning.')
      await expect(form.getByRole('checkbox')).toBeChecked()
    } finally {
      await stack.startDatabase()
    }
    expect(await rowsWhere(stack.db, 'quote_requests', 'email', email)).toHaveLength(0)
    await form.getByRole('button', {name: text.quoteForm.submitLabel}).click()
    await expect(form.getByRole('status')).toHaveText(messages.submitted)
    await expect(form.getByRole('alert')).toHaveText('')
    expect(await rowsWhere(stack.db, 'quote_requests', 'email', email)).toHaveLength(1)
  })

  test('GET /api/health tells a load balancer the database is away (503, nothing of the configuration), and ok again once it is back', async () => {
    test.setTimeout(60_000)
    const health = async () => {
      const response = await fetch(`${stack.server.baseUrl}/api/health`)
      return {status: response.status, cacheControl: response.headers.get('cache-control'), report: await response.json()}
    }
    await expect.poll(async () => (await health()).status, {timeout: 30_000}).toBe(200)
    await stack.stopDatabase()
    const away = await health()
    expect(away).toMatchObject({status: 503, cacheControl: 'no-store', report: {status: 'unavailable', database: 'unreachable', oldestUnsentEmailSeconds: null}})
    expect(away.report.version).toMatch(/^\d+\.\d+\.\d+\+\S+$/)
    // Nothing of the configuration or the error in the answer.
    expect(JSON.stringify(away.report)).not.toMatch(/127\.0\.0\.1|supabase|ECONNREFUSED|fetch failed/i)
    await stack.startDatabase()
    await expect.poll(async () => (await health()).report, {timeout: 30_000}).toMatchObject({status: 'ok', database: 'ok'})
  })

  test('with the mail server down the message is stored and confirmed, and mailed once the server is back', async ({page}) => {
    await stack.stopSmtp()
    const email = uniqueEmail('smtp.down')
    try {
      await open(page, '/contact')
      const form = leadForm(page, text.contactForm.heading)
      await field(form, text.contactForm.nameLabel).fill('Barnaby Quell')
      await field(form, text.contactForm.emailLabel).fill(email)
      await field(form, text.contactForm.phoneLabel).fill('4255550177')
      await field(form, text.contactForm.messageLabel).fill('Is Saturday possible?')
      await form.getByRole('button', {name: text.contactForm.submitLabel}).click()
      await expect(form.getByRole('status')).toHaveText(messages.submitted)
      const [row] = await rowsWhere(stack.db, 'contact_messages', 'email', email)
      // The worker tried, failed and scheduled another attempt.
      await expect
        .poll(async () => (await rowsWhere(stack.db, 'email_outbox', 'event_key', `contact_message:${row.id}:business`))[0]?.last_error ?? null, {timeout: 20_000})
        .not.toBeNull()
    } finally {
      await stack.startSmtp()
    }
    const [mail] = await waitForMail(stack.inbox, (message) => addressOf(message.replyTo) === email)
    expect(flat(mail.text)).toContain('Is Saturday possible?')
    const [row] = await rowsWhere(stack.db, 'contact_messages', 'email', email)
    await expect
      .poll(async () => (await rowsWhere(stack.db, 'email_outbox', 'event_key', `contact_message:${row.id}:business`))[0]?.status)
      .toBe('sent')
  })

  test('a server killed after storing a request and before mailing it mails it after its restart', async ({request}) => {
    await stack.stopSmtp()
    const email = uniqueEmail('killed.server')
    const response = await request.post(`${stack.server.baseUrl}/api/quote-requests`, {
      data: {
        submissionKey: randomUUID(),
        firstName: 'Ignatius',
        lastName: 'Moreau',
        phone: '4255550160',
        email,
        zipCode: '98057',
        termsAccepted: true,
        page: {path: '/house-washing', title: 'House Washing'},
      },
    })
    expect(response.status()).toBe(200)
    const [row] = await rowsWhere(stack.db, 'quote_requests', 'email', email)
    expect((await rowsWhere(stack.db, 'email_outbox', 'event_key', `quote_request:${row.id}:business`))[0].status).toBe('pending')
    await stack.killAndRestartServer(() => stack.startSmtp())
    const [mail] = await waitForMail(stack.inbox, (message) => addressOf(message.replyTo) === email)
    expect(flat(mail.text)).toContain('House Washing')
  })

  test('invalid submissions are refused with their message keys and store nothing', async ({request}) => {
    const email = uniqueEmail('invalid.submission')
    const quote = await request.post(`${stack.server.baseUrl}/api/quote-requests`, {
      data: {submissionKey: randomUUID(), firstName: ' ', lastName: 'Moreau', phone: '555-0160', email, zipCode: '980', termsAccepted: false, page: {path: '/roof-cleaning'}},
    })
    expect(quote.status()).toBe(400)
    expect((await quote.json()).fieldErrors).toMatchObject({firstName: 'firstNameRequired', phone: 'phoneInvalid', zipCode: 'zipCodeInvalid', termsAccepted: 'termsRequired'})
    const contact = await request.post(`${stack.server.baseUrl}/api/contact-messages`, {
      data: {submissionKey: randomUUID(), name: 'Ignatius', email: 'nope', phone: '4255550160', message: '', page: {path: '/contact'}},
    })
    expect((await contact.json()).fieldErrors).toMatchObject({email: 'emailInvalid', message: 'messageRequired'})
    const appointment = await request.post(`${stack.server.baseUrl}/api/appointments`, {
      data: {submissionKey: randomUUID(), fullName: 'Ann Lee', phone: '42555501', email: 'ann@', address: ' ', zipCode: '980', service: '', visitDate: '2020-01-01', visitWindow: '', walkthrough: 'fax', page: {path: '/appointment'}},
    })
    expect((await appointment.json()).fieldErrors).toMatchObject({
      phone: 'phoneInvalid',
      email: 'emailInvalid',
      address: 'addressRequired',
      zipCode: 'zipCodeInvalid',
      service: 'serviceRequired',
      visitWindow: 'visitWindowRequired',
      walkthrough: 'walkthroughRequired',
    })
    expect(await rowsWhere(stack.db, 'quote_requests', 'email', email)).toHaveLength(0)
    expect(await rowsWhere(stack.db, 'contact_messages', 'email', 'nope')).toHaveLength(0)
    expect(await rowsWhere(stack.db, 'appointments', 'full_name', 'Ann Lee')).toHaveLength(0)
  })
})
