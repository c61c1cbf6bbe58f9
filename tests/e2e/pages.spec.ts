import {expect, test} from './support/test'
import {formatDate, mailtoHref, telHref} from '../../lib/format'
import {getDocument} from './support/dataset'
import {blockText, type Block, type CallToAction, type FaqItemDoc, type Image, type Ref, type SiteSettingsDoc, type TitledText} from './support/content-types'

type AboutPageDoc = {heading: string; intro: string; image: Image; body: Block[]; values: TitledText[]; finalCta: CallToAction}
type FaqsPageDoc = {heading: string; intro: string; groups: {heading: string; faqs: Ref[]}[]}
type ContactPageDoc = {heading: string; intro: string; image: Image}
type LegalSection = {heading: string; body: Block[]}
type LegalPageDoc = {heading: string; intro: string; lastUpdated: string; privacy: LegalSection; terms: LegalSection; refund: LegalSection}

test.use({viewport: {width: 1280, height: 900}})

test('/about shows heading, intro, image, the story, the values and a call to book', async ({page}) => {
  const about = getDocument<AboutPageDoc>('aboutPage')
  await page.goto('/about')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', {level: 1})).toHaveText(about.heading)
  await expect(main).toContainText(about.intro)
  await expect(main.getByRole('img', {name: about.image.alt})).toBeVisible()

  // The rich-text body: its headings as h2, its paragraphs, its bold text and its links.
  for (const block of about.body) {
    if (block.style === 'h2') await expect(main.getByRole('heading', {level: 2, name: blockText(block)})).toBeVisible()
    else await expect(main).toContainText(blockText(block))
  }
  await expect(main.locator('strong').first()).toBeVisible()
  await expect(main.getByRole('link', {name: 'FAQs', exact: true})).toHaveAttribute('href', '/faqs')

  for (const value of about.values) {
    await expect(main.getByRole('heading', {name: value.title})).toBeVisible()
    await expect(main).toContainText(value.text)
  }

  await expect(main.getByRole('heading', {name: about.finalCta.heading})).toBeVisible()
  await expect(main).toContainText(about.finalCta.text)
  await expect(main.getByRole('link', {name: about.finalCta.buttonLabel})).toHaveAttribute('href', '/house_cleaning')
})

test('/faqs shows every group with its questions, one answer open at a time across the page', async ({page}) => {
  const faqsPage = getDocument<FaqsPageDoc>('faqsPage')
  await page.goto('/faqs')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', {level: 1})).toHaveText(faqsPage.heading)
  await expect(main).toContainText(faqsPage.intro)

  for (const group of faqsPage.groups) {
    const region = main.getByRole('region', {name: group.heading, exact: true})
    await expect(region.getByRole('heading', {level: 2})).toHaveText(group.heading)
    const questions = group.faqs.map((ref) => getDocument<FaqItemDoc>(ref._ref).question)
    await expect(region.getByRole('button')).toHaveText(questions)
  }

  const [groupA, groupB] = faqsPage.groups
  const a = getDocument<FaqItemDoc>(groupA.faqs[0]._ref)
  const b = getDocument<FaqItemDoc>(groupB.faqs[0]._ref)
  const questionA = main.getByRole('region', {name: groupA.heading}).getByRole('button', {name: a.question})
  const questionB = main.getByRole('region', {name: groupB.heading}).getByRole('button', {name: b.question})

  await questionA.click()
  await expect(questionA).toHaveAttribute('aria-expanded', 'true')
  await expect(main.getByRole('region', {name: a.question})).toContainText(a.answer[0])
  // Opening a question in another group closes the first.
  await questionB.click()
  await expect(questionB).toHaveAttribute('aria-expanded', 'true')
  await expect(questionA).toHaveAttribute('aria-expanded', 'false')
  await expect(main.locator('[aria-expanded="true"]')).toHaveCount(1)
  // Clicking the open one closes it.
  await questionB.click()
  await expect(main.locator('[aria-expanded="true"]')).toHaveCount(0)

  // Keyboard: Enter opens, arrows move within the group.
  await questionA.focus()
  await page.keyboard.press('Enter')
  await expect(questionA).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(main.getByRole('region', {name: groupA.heading}).getByRole('button').nth(1)).toBeFocused()

  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text))
  const faqPage = data.find((item) => item['@type'] === 'FAQPage')
  const allQuestions = new Set(faqsPage.groups.flatMap((group) => group.faqs.map((ref) => getDocument<FaqItemDoc>(ref._ref).question)))
  expect(new Set(faqPage?.mainEntity.map((entry: {name: string}) => entry.name))).toEqual(allQuestions)
})

test('/contact shows Get in Contact, the contact form, phone, e-mail, address, hours, the image and the map placeholder', async ({page}) => {
  const contact = getDocument<ContactPageDoc>('contactPage')
  const site = getDocument<SiteSettingsDoc>('siteSettings')
  const mapRequests: string[] = []
  await page.route(/openstreetmap\.org/, (route) => {
    mapRequests.push(route.request().url())
    return route.abort()
  })
  await page.goto('/contact')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', {level: 1})).toHaveText(contact.heading)
  await expect(main).toContainText(contact.intro)
  await expect(main.getByRole('img', {name: contact.image.alt})).toBeVisible()
  await expect(main.getByRole('link', {name: site.phone})).toHaveAttribute('href', telHref(site.phone))
  await expect(main.getByRole('link', {name: site.email})).toHaveAttribute('href', mailtoHref(site.email))
  await expect(main).toContainText(site.address.street)
  await expect(main).toContainText(site.openingHours)
  await expect(main.getByRole('form', {name: getDocument<{contactForm: {heading: string}}>('formSettings').contactForm.heading})).toBeVisible()

  // The map sits near the top here, so it loads as soon as it is within 200 px of the viewport.
  await main.getByRole('link', {name: /View larger map/}).scrollIntoViewIfNeeded()
  await expect(main.locator('iframe[data-map-frame]')).toHaveAttribute('title', site.mapLabel)
  await expect.poll(() => mapRequests.length).toBeGreaterThan(0)
})

test('/legal shows the three policies with their anchors, the last update and a table of contents', async ({page}) => {
  const legal = getDocument<LegalPageDoc>('legalPage')
  await page.goto('/legal')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', {level: 1})).toHaveText(legal.heading)
  await expect(main).toContainText(legal.intro)
  await expect(main.locator(`time[datetime="${legal.lastUpdated}"]`)).toHaveText(formatDate(legal.lastUpdated))

  const toc = main.getByRole('navigation')
  for (const id of ['privacy', 'terms', 'refund'] as const) {
    const policy = main.locator(`section#${id}`)
    await expect(policy.getByRole('heading', {level: 2})).toHaveText(legal[id].heading)
    await expect(policy).toContainText(blockText(legal[id].body[0]))
    await expect(toc.getByRole('link', {name: legal[id].heading})).toHaveAttribute('href', `#${id}`)
  }

  await toc.getByRole('link', {name: legal.refund.heading}).click()
  await expect(page).toHaveURL(/\/legal#refund$/)
  await expect(main.locator('section#refund').getByRole('heading', {level: 2})).toBeInViewport()
})

test('the footer’s legal links land on their policy', async ({page}) => {
  const legal = getDocument<LegalPageDoc>('legalPage')
  for (const id of ['privacy', 'terms', 'refund'] as const) {
    await page.goto('/about')
    await page.getByRole('contentinfo').locator(`a[href="/legal#${id}"]`).click()
    await expect(page).toHaveURL(new RegExp(`/legal#${id}$`))
    await expect(page.locator(`section#${id}`).getByRole('heading', {level: 2, name: legal[id].heading})).toBeInViewport()
  }
})
