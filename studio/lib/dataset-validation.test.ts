import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {formatProblem, validateDatasetFile, type DatasetValidationResult} from './dataset-validation.ts'

type Doc = Record<string, unknown> & {_id: string; _type: string}

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})))

const block = (key: string, text: string) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children: [{_type: 'span', _key: `${key}s`, text, marks: []}],
})
const image = (alt: string, file = 'photo.svg') => ({_type: 'accessibleImage', alt, _sanityAsset: `image@file://./images/${file}`})
const titled = (key: string, n: number) => ({_type: 'titledText', _key: key, title: `Title ${n}`, text: `Some text number ${n}.`})

/** A small dataset that passes: two blog posts, a service page, its card, an FAQ item. */
function validDocuments(): Doc[] {
  const body = [1, 2, 3, 4, 5].map((n) => block(`b${n}`, `Paragraph ${n}.`))
  return [
    {
      _id: 'post-oven',
      _type: 'blogPost',
      title: 'How to clean an oven',
      slug: {_type: 'slug', current: 'clean-an-oven'},
      legacyNumber: 1,
      publishedAt: '2025-01-02',
      author: 'Ann Lee',
      teaser: 'A practical guide to a spotless oven without harsh chemicals, in one afternoon.',
      heroImage: image('A clean oven door'),
      body,
    },
    {
      _id: 'post-spring',
      _type: 'blogPost',
      title: 'Spring cleaning checklist',
      slug: {_type: 'slug', current: 'spring-cleaning'},
      legacyNumber: 2,
      publishedAt: '2025-02-02',
      author: 'Bob Ray',
      teaser: 'Everything to tick off when the days get longer and the windows need attention.',
      heroImage: image('Open windows in spring'),
      body,
    },
    {_id: 'faq-supplies', _type: 'faqItem', question: 'Do you bring supplies?', answer: ['Yes, we bring everything.']},
    {
      _id: 'svc-deep',
      _type: 'servicePage',
      title: 'Deep Cleaning',
      slug: {_type: 'slug', current: 'deep-cleaning'},
      layout: 'information',
      bookingService: 'house:Deep Cleaning',
      priceNote: 'From {price}',
      menuGroup: 'house',
      menuLabel: 'Deep Cleaning',
      menuOrder: 1,
      seo: {title: 'Deep Cleaning in Renton', description: 'Thorough top-to-bottom deep cleaning for homes in Renton and King County.'},
      hero: {heading: 'Deep cleaning', text: 'We clean every corner.', ctaLabel: 'Get Started', image: image('A sparkling kitchen')},
      benefits: {heading: 'Benefits', intro: 'Why a deep clean helps.', items: [1, 2, 3].map((n) => titled(`be${n}`, n))},
      features: [1, 2, 3].map((n) => titled(`f${n}`, n)),
      whyChooseUs: {heading: 'Why us', text: 'Because we care.', points: [1, 2, 3].map((n) => titled(`w${n}`, n)), image: image('Our team at work')},
      included: {heading: 'Included', items: ['Kitchen', 'Bathrooms', 'Bedrooms', 'Floors', 'Windows']},
      commonQuestions: {
        heading: 'Questions',
        followUp: 'Still have a question?',
        items: [1, 2, 3, 4, 5, 6].map((n) => ({_type: 'questionAnswer', _key: `q${n}`, question: `Question number ${n}?`, answer: [`Answer ${n}.`]})),
      },
      finalCta: {heading: 'Book now', text: 'Get your home clean.', buttonLabel: 'Book'},
    },
    {
      _id: 'card-deep',
      _type: 'serviceCard',
      title: 'Deep Cleaning',
      summary: 'Top to bottom.',
      image: image('A clean living room'),
      subServices: ['Kitchens', 'Baths'],
      link: {_type: 'reference', _ref: 'svc-deep'},
    },
  ]
}

/** Writes the documents (or raw lines) as dataset.ndjson with images/photo.svg next to it, and validates it. */
async function validate(documents: (Doc | string)[]): Promise<DatasetValidationResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dataset-validation-'))
  dirs.push(dir)
  mkdirSync(path.join(dir, 'images'))
  writeFileSync(path.join(dir, 'images', 'photo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30"/></svg>')
  const file = path.join(dir, 'dataset.ndjson')
  writeFileSync(file, documents.map((doc) => (typeof doc === 'string' ? doc : JSON.stringify(doc))).join('\n') + '\n')
  return validateDatasetFile(file)
}

/** The dataset with one document changed. */
function withChange(id: string, change: (doc: Doc) => void): Doc[] {
  const documents = validDocuments()
  change(documents.find((doc) => doc._id === id)!)
  return documents
}

const errorLines = (result: DatasetValidationResult) => result.errors.map(formatProblem)

/** The documents of the committed local dataset. */
function committedDocuments(): Doc[] {
  return readFileSync(path.join(import.meta.dirname, '..', '..', 'studio', 'dataset', 'production.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc)
}

describe('validateDatasetFile', () => {
  it('passes a valid dataset', {timeout: 60_000}, async () => {
    const result = await validate(validDocuments())
    expect(errorLines(result)).toEqual([])
    expect(result.documents).toBe(5)
    // Only the singletons this small dataset leaves out.
    expect(result.warnings.every((warning) => warning.id === '(dataset)')).toBe(true)
  })

  it('refuses a starting price typed into a service page instead of its placeholder, and a page that books the wrong form', async () => {
    const typed = await validate(withChange('svc-deep', (doc) => (doc.priceNote = 'From $257.75')))
    expect(errorLines(typed)).toEqual(['svc-deep priceNote: Keep {price} in the text: the page puts the price there.'])
    // Post Construction is booked by the hour: its text states the hourly rate, not a visit's price.
    const hourly = await validate(withChange('svc-deep', (doc) => (doc.bookingService = 'house:Post Construction')))
    expect(errorLines(hourly)).toEqual(['svc-deep priceNote: Keep {hourlyRate} in the text: the page puts the price there.'])
    const wrongForm = await validate(withChange('svc-deep', (doc) => (doc.bookingService = 'exterior:Roof Cleaning')))
    expect(errorLines(wrongForm)).toEqual(['svc-deep bookingService: This layout books House Cleaning'])
    const card = await validate(withChange('card-deep', (doc) => Object.assign(doc, {pricedServices: ['house:Deep Cleaning'], priceNote: 'From $257.75'})))
    expect(errorLines(card)).toEqual(['card-deep priceNote: Keep {price} in the text: the card puts the price there.'])
  })

  it('reports a missing required field', async () => {
    const result = await validate(withChange('post-oven', (doc) => delete doc.author))
    expect(errorLines(result)).toEqual(['post-oven author: Required'])
  })

  it('reports an over-long SEO title', async () => {
    const result = await validate(withChange('svc-deep', (doc) => ((doc.seo as {title: string}).title = 'A'.repeat(61))))
    expect(errorLines(result)).toEqual(['svc-deep seo.title: Must be at most 60 characters long'])
  })

  it('reports a duplicate slug on both documents', async () => {
    const result = await validate(withChange('post-spring', (doc) => (doc.slug = {_type: 'slug', current: 'clean-an-oven'})))
    expect(errorLines(result)).toEqual(['post-oven slug: Slug is already in use', 'post-spring slug: Slug is already in use'])
  })

  it('refuses a service page at the address of a fixed page, and says why', async () => {
    const result = await validate(withChange('svc-deep', (doc) => (doc.slug = {_type: 'slug', current: 'house_cleaning'})))
    expect(errorLines(result)).toEqual([
      'svc-deep slug: The address /house_cleaning belongs to a fixed page of the site; a service page there would never show. Choose another slug.',
    ])
  })

  it('asks each booking form for the texts it shows, and keeps the price placeholders in them', async () => {
    const committed = committedDocuments().filter((doc) => doc._id === 'bookingPage-house' || doc._id === 'bookingPage-carpet')
    expect(errorLines(await validate([...validDocuments(), ...committed]))).toEqual([])

    const [house, carpet] = ['bookingPage-house', 'bookingPage-carpet'].map((id) => structuredClone(committed.find((doc) => doc._id === id)!))
    const houseTexts = house.formTexts as Record<string, string>
    houseTexts.timeHelp = 'Post Construction is priced by the hour: $150.00 per hour.'
    // A house-only text on the carpet page is hidden there and asks nothing; a carpet text it lacks does.
    const carpetTexts = carpet.formTexts as Record<string, string>
    delete carpetTexts.rateChosen
    carpetTexts.timeHelp = 'Anything'
    expect(errorLines(await validate([...validDocuments(), house, carpet]))).toEqual([
      'bookingPage-house formTexts.timeHelp: Keep {hourlyRate} in the text: the form puts the price there.',
      'bookingPage-carpet formTexts.rateChosen: This form shows this text: it cannot be empty.',
    ])
  })

  it("asks each booking form for its own messages, and keeps the values' placeholders in them", async () => {
    const committed = committedDocuments().filter((doc) => doc._id === 'bookingPage-commercial' || doc._id === 'bookingPage-exterior' || doc._id === 'bookingForms')
    const [commercial, exterior, shared] = ['bookingPage-commercial', 'bookingPage-exterior', 'bookingForms'].map((id) => structuredClone(committed.find((doc) => doc._id === id)!))
    const commercialMessages = (commercial.formTexts as {messages: Record<string, string>}).messages
    commercialMessages.frequencyNotOffered = 'Please choose another frequency for {service}.'
    // The exterior form has no date: its page needs no date message.
    const exteriorMessages = (exterior.formTexts as {messages: Record<string, string>}).messages
    delete exteriorMessages.firstNameRequired
    exteriorMessages.dateRequired = 'Anything'
    ;(shared.messages as Record<string, string>).countInvalid = '{label} is out of range.'
    expect(errorLines(await validate([...validDocuments(), commercial, exterior, shared]))).toEqual([
      'bookingPage-commercial formTexts.messages.frequencyNotOffered: Keep {frequencies} in the text: the form fills it in.',
      'bookingPage-exterior formTexts.messages.firstNameRequired: The form shows this message: it cannot be empty.',
      'bookingForms messages.countInvalid: Keep {min} and {max} in the text: the form fills them in.',
    ])
  })

  it("keeps the e-mails' and the manage page's {tokens}: the ones each text must hold, and no unknown one", async () => {
    const committed = committedDocuments()
    const [emails, pages] = ['emailSettings', 'paymentPages'].map((id) => structuredClone(committed.find((doc) => doc._id === id)!))
    expect(errorLines(await validate([...validDocuments(), emails, pages]))).toEqual([])
    ;(emails.bookingMoved as Record<string, string>).body = 'Hi {firstName}, your booking is moved.'
    ;(emails.cancellationRequestReceived as Record<string, string>).closing = 'Call {office}.'
    ;(emails.bookingConfirmation as Record<string, string>).manageLinkText = 'Until {deadline}:'
    const manage = pages.manage as Record<string, string>
    manage.movedHistory = 'Moved to {to}'
    manage.cancellationRequestedHistory = 'Asked to cancel on {date}'
    expect(errorLines(await validate([...validDocuments(), emails, pages]))).toEqual([
      'emailSettings bookingConfirmation.manageLinkText: Unknown {deadline}: use {firstName}, {reference}, {service}, {date}, {companyName}, {phone}',
      'emailSettings bookingMoved.body: Keep {slot} in the text: the e-mail fills it in.',
      'emailSettings cancellationRequestReceived.closing: Unknown {office}: use {firstName}, {reference}, {service}, {slot}, {companyName}, {phone}',
      'paymentPages manage.cancellationRequestedHistory: Unknown {date}: use no tokens',
      'paymentPages manage.movedHistory: Keep {from} in the text: the page fills it in.',
    ])
  })

  it('refuses, in the acknowledgements to unconfirmed addresses, the tokens that would repeat what the visitor typed, and asks for the reference', async () => {
    const committed = committedDocuments()
    const [emails, pages] = ['emailSettings', 'paymentPages'].map((id) => structuredClone(committed.find((doc) => doc._id === id)!))
    const quote = emails.quoteRequestReceived as Record<string, string>
    const contact = emails.contactMessageReceived as Record<string, string>
    const estimate = emails.estimateRequestReceived as Record<string, string>
    // The wording of before: the page's {service} (its title comes from the browser), and what the visitor typed.
    quote.body = 'We have your request for a {service} quote.'
    contact.nextSteps = 'You wrote: {message}'
    estimate.heading = 'Thanks, {name}, for asking about {address}'
    // And the manage page's text for a replaced link is required.
    delete (pages.manage as Record<string, string>).linkReplaced
    const reason = "would repeat what the visitor typed, in an e-mail to an address nobody has confirmed (anyone could send their text to anyone's inbox in our name)."
    expect(errorLines(await validate([...validDocuments(), emails, pages]))).toEqual([
      `emailSettings contactMessageReceived.nextSteps: {message} ${reason} Use {firstName}, {reference}, {companyName}, {phone}.`,
      `emailSettings estimateRequestReceived.heading: {name}, {address} ${reason} Use {date}, {window}, {reference}, {companyName}, {phone}.`,
      `emailSettings quoteRequestReceived.body: {service} ${reason} Use {firstName}, {reference}, {companyName}, {phone}.`,
      'paymentPages manage.linkReplaced: Required',
    ])
    quote.body = 'We have your quote request.'
    expect(errorLines(await validate([...validDocuments(), emails]))).toContain('emailSettings quoteRequestReceived.body: Keep {reference} in the text: the e-mail fills it in.')
  })

  it("checks the Availability document crew by crew: each crew's windows inside its own hours, named with the crew", async () => {
    const committed = committedDocuments().find((doc) => doc._id === 'availability')!
    expect(errorLines(await validate([...validDocuments(), committed]))).toEqual([])

    type Crew = {workingDays: string[]; opensAt: string; closesAt: string; windows: Record<string, unknown>[]}
    const availability = structuredClone(committed)
    const [indoor, commercial, estimate] = (['indoor', 'commercial', 'estimate'] as const).map((crew) => availability[crew] as Crew)
    // The commercial crew's 6 am window is fine in its own hours; the same window for the house crews is not.
    indoor.windows.push({_key: 'early', _type: 'arrivalWindow', start: '06:00', end: '08:00', capacity: 1})
    commercial.windows.push({_key: 'late', _type: 'arrivalWindow', start: '21:00', end: '23:00', capacity: 1})
    commercial.windows[0].capacity = 60
    estimate.windows.push({_key: 'again', _type: 'visitWindow', start: '10:00', end: '12:00'})
    delete (availability.exterior as Partial<Crew>).opensAt
    expect(errorLines(await validate([...validDocuments(), availability]))).toEqual([
      'availability: House and carpet crews: the window 06:00-08:00 must lie inside the working day (08:00–16:00). ' +
        'Exterior crews: the working day must open before it closes (times as HH:MM). ' +
        'Commercial crews: the window 20:00-22:00 overlaps 21:00-23:00. ' +
        'Commercial crews: the window 21:00-23:00 must lie inside the working day (06:00–22:00). ' +
        'Estimate visits: the window 09:00-11:00 overlaps 10:00-12:00. ' +
        'Estimate visits: the window 10:00-12:00 overlaps 11:00-13:00.',
      'availability commercial.windows[_key=="c0"].capacity: Must be lower than or equal to 50',
      'availability exterior.opensAt: Required',
    ])
  })

  it('explains the slug rule: underscores are allowed on service pages, not in articles', async () => {
    const service = await validate(withChange('svc-deep', (doc) => (doc.slug = {_type: 'slug', current: 'Deep Cleaning'})))
    expect(errorLines(service)).toEqual([
      'svc-deep slug: Use lower-case letters (a–z) and digits, with single dashes or underscores between words, e.g. roof-cleaning',
    ])
    const article = await validate(withChange('post-oven', (doc) => (doc.slug = {_type: 'slug', current: 'clean_an_oven'})))
    expect(errorLines(article)).toEqual([
      'post-oven slug: Use lower-case letters (a–z) and digits, with single dashes between words, e.g. wet-season-home-cleaning',
    ])
  })

  it('reports a duplicate legacyNumber on both articles', async () => {
    const result = await validate(withChange('post-spring', (doc) => (doc.legacyNumber = 1)))
    expect(errorLines(result)).toEqual([
      'post-oven legacyNumber: Another article already has this number',
      'post-spring legacyNumber: Another article already has this number',
    ])
  })

  it('reports a dangling reference', async () => {
    const result = await validate(withChange('card-deep', (doc) => (doc.link = {_type: 'reference', _ref: 'svc-gone'})))
    expect(errorLines(result)).toEqual(['card-deep link: reference to a document that is not in the dataset: "svc-gone"'])
  })

  it('reports a link to a page that is not in the dataset, inside rich text', async () => {
    const result = await validate(
      withChange('post-oven', (doc) => {
        const body = structuredClone(doc.body) as ReturnType<typeof block>[]
        doc.body = body
        body[0] = {...body[0], markDefs: [{_type: 'internalLink', _key: 'l1', reference: {_type: 'reference', _ref: 'svc-gone'}}] as never}
      }),
    )
    expect(errorLines(result)).toEqual(['post-oven body[_key=="b1"].markDefs[_key=="l1"].reference: reference to a document that is not in the dataset: "svc-gone"'])
  })

  it('reports a reference to a document of the wrong type', async () => {
    const result = await validate(withChange('card-deep', (doc) => (doc.link = {_type: 'reference', _ref: 'faq-supplies'})))
    expect(errorLines(result)).toEqual(['card-deep link: "faq-supplies" is a faqItem, but this field references only servicePage'])
  })

  it('reports a missing image file', async () => {
    const result = await validate(withChange('post-oven', (doc) => (doc.heroImage = image('A clean oven door', 'missing.svg'))))
    expect(result.errors).toHaveLength(1)
    expect(formatProblem(result.errors[0])).toMatch(/^post-oven heroImage: image file not found: .*missing\.svg$/)
  })

  it('reports an unknown field', async () => {
    const result = await validate(withChange('faq-supplies', (doc) => (doc.heading = 'Supplies')))
    expect(errorLines(result)).toEqual([expect.stringMatching(/^faq-supplies heading: unknown field "heading" on type faqItem/)])
    // Nested objects too, with a suggestion.
    const nested = await validate(withChange('svc-deep', (doc) => ((doc.hero as Record<string, unknown>).headline = 'Deep cleaning')))
    expect(errorLines(nested)).toEqual([expect.stringMatching(/^svc-deep hero\.headline: unknown field "headline" in hero \(did you mean "heading"\?\)/)])
  })

  it('reports array items without _key, and duplicate keys', async () => {
    const result = await validate(
      withChange('svc-deep', (doc) => {
        const features = doc.features as Record<string, unknown>[]
        delete features[0]._key
        features[2]._key = features[1]._key
      }),
    )
    expect(errorLines(result)).toEqual([
      'svc-deep features[0]: array item has no _key (every object in an array needs a unique string _key)',
      'svc-deep features[2]: duplicate _key "f2" (also item 1 of this array)',
    ])
  })

  it('reports bad lines, duplicate and private ids, and unknown types', async () => {
    const documents: (Doc | string)[] = validDocuments()
    documents.push('{"_id": "broken",', {_id: 'faq-supplies', _type: 'faqItem', question: 'Do you clean ovens?', answer: ['Yes.']})
    documents.push({_id: 'drafts.faq-ovens', _type: 'faqItem', question: 'Do you clean ovens?', answer: ['Yes.']})
    documents.push({_id: 'seo-1', _type: 'seo'}, {_id: 'x-1', _type: 'pricingTable'})
    const result = await validate(documents)
    const lines = errorLines(result)
    expect(lines).toContainEqual(expect.stringMatching(/^line:6: invalid JSON/))
    expect(lines).toContain('faq-supplies _id: duplicate _id: line:7 repeats the document at line:3')
    expect(lines).toContainEqual(expect.stringMatching(/^drafts\.faq-ovens _id: "drafts\.faq-ovens" contains '\.'/))
    expect(lines).toContain('seo-1 _type: seo is not a document type (it is an object type of the schema)')
    expect(lines).toContainEqual(expect.stringMatching(/^x-1 _type: unknown document type "pricingTable"/))
  })
})
