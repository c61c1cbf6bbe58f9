import {expect, test, type Page} from './support/test'
import {documentsOfType} from './support/dataset'

/*
 * The 14 service pages (information pages and quote-request landing pages):
 * every page is served with its content, and each layout's calls to action lead where their layout
 * says (lib/service-page-actions.ts). Expected texts come from the dataset copy the e2e server reads.
 */

type Layout = 'information' | 'quoteLanding' | 'carpetLanding' | 'mold'

type ServicePageDoc = {
  title: string
  bookingService?: string
  slug: {current: string}
  layout: Layout
  hero: {heading: string; ctaLabel: string}
  included: {heading: string; items: string[]}
  quoteSection?: {heading: string; text: string} | null
  commonQuestions: {heading: string; items: {_key: string; question: string; answer: string[]}[]}
  finalCta: {heading: string; buttonLabel: string}
}

type SettingsDoc = {_id: string; phone: string; email: string}

const servicePages = () => documentsOfType<ServicePageDoc>('servicePage')
const pagesWithLayout = (layout: Layout) => servicePages().filter((doc) => doc.layout === layout)
const firstWithLayout = (layout: Layout) => {
  const doc = pagesWithLayout(layout)[0]
  if (!doc) throw new Error(`The dataset has no service page with layout ${layout}`)
  return doc
}
const settings = () => documentsOfType<SettingsDoc>('siteSettings').find((doc) => doc._id === 'siteSettings')!
const telOf = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`
const path = (doc: ServicePageDoc) => `/${doc.slug.current}`

const main = (page: Page) => page.getByRole('main')
const heroCta = (page: Page, doc: ServicePageDoc) =>
  main(page).getByRole('region', {name: doc.hero.heading}).getByRole('link', {name: doc.hero.ctaLabel, exact: true})
const finalCta = (page: Page, doc: ServicePageDoc) =>
  main(page).getByRole('region', {name: doc.finalCta.heading}).getByRole('link', {name: doc.finalCta.buttonLabel, exact: true})

test.describe('service pages', () => {
  test('the dataset has the 14 service pages in their four layouts', () => {
    const pages = servicePages()
    expect(pages).toHaveLength(14)
    expect(pagesWithLayout('information').map((doc) => doc.slug.current).sort()).toEqual(
      ['deep-cleaning', 'move-out-and-move-in', 'post-construction', 'regular-cleaning'],
    )
    expect(pagesWithLayout('carpetLanding').map((doc) => doc.slug.current)).toEqual(['carpet-and-upholstery'])
    expect(pagesWithLayout('mold').map((doc) => doc.slug.current)).toEqual(['mold-remediation'])
    expect(pagesWithLayout('quoteLanding')).toHaveLength(8)
  })

  // One test per page, one page load each: content, metadata and where its calls to action lead.
  for (const doc of servicePages()) {
    test(`${path(doc)} answers 200 with its content, metadata and schema.org data, and its calls to action lead where its layout says`, async ({page}) => {
      const response = await page.goto(path(doc))
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', {level: 1})).toHaveText(doc.hero.heading)
      await expect(page.locator('h1')).toHaveCount(1)
      expect((await page.title()).length).toBeGreaterThan(10)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path(doc)}$`))
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/)

      const questions = main(page).getByRole('region', {name: doc.commonQuestions.heading})
      await expect(questions.getByRole('button', {expanded: false})).toHaveText(
        doc.commonQuestions.items.map((item) => item.question),
      )

      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? 'null')))
      expect(jsonLd).toContainEqual(expect.objectContaining({'@type': 'Service', name: doc.title}))
      const faq = jsonLd.find((data) => data?.['@type'] === 'FAQPage')
      expect(faq?.mainEntity).toHaveLength(doc.commonQuestions.items.length)

      const {phone, email} = settings()
      if (doc.layout === 'information') {
        // 'Get Started' and 'Book Now' go to the house cleaning form with the page's service chosen; no quote section.
        const href = `/house_cleaning?${new URLSearchParams({service: doc.bookingService!.replace(/^house:/, '')})}`
        await expect(heroCta(page, doc)).toHaveAttribute('href', href)
        await expect(finalCta(page, doc)).toHaveAttribute('href', href)
        await expect(main(page).locator('a[href^="/house_cleaning"]')).toHaveCount(2)
        await expect(page.locator('#quote')).toHaveCount(0)
      }
      if (doc.layout === 'quoteLanding') {
        // Both jump to #quote, which also offers the phone and an e-mail naming the service.
        await expect(heroCta(page, doc)).toHaveAttribute('href', '#quote')
        await expect(finalCta(page, doc)).toHaveAttribute('href', '#quote')
        const quoteSection = page.locator('section#quote')
        await expect(quoteSection).toHaveCount(1)
        await expect(quoteSection).toContainText(phone)
        await expect(quoteSection.locator(`a[href="${telOf(phone)}"]`)).toHaveCount(1)
        const mail = quoteSection.locator(`a[href^="mailto:${email}?subject="]`)
        await expect(mail).toHaveCount(1)
        const subject = new URL((await mail.getAttribute('href'))!).searchParams.get('subject')
        expect(subject).toContain(doc.title)
      }
    })
  }

  test('an address no service page has answers 404', async ({page}) => {
    const response = await page.goto('/no-such-cleaning')
    expect(response?.status()).toBe(404)
  })
})

test.describe('calls to action by layout', () => {
  test('the information page CTA leads to the house cleaning booking address', async ({page}) => {
    const doc = firstWithLayout('information')
    await page.goto(path(doc))
    await heroCta(page, doc).click()
    await expect(page).toHaveURL(/\/house_cleaning\?service=/)
  })

  test('the carpet landing links to /carpet_cleaning and has no quote section', async ({page}) => {
    const doc = firstWithLayout('carpetLanding')
    await page.goto(path(doc))
    await expect(heroCta(page, doc)).toHaveAttribute('href', '/carpet_cleaning')
    await expect(finalCta(page, doc)).toHaveAttribute('href', '/carpet_cleaning')
    await expect(page.locator('#quote')).toHaveCount(0)
    await expect(main(page).locator('a[href="#quote"]')).toHaveCount(0)
  })

  test("a quote landing's 'Request a Quote' jumps to the quote section", async ({page}) => {
    const doc = firstWithLayout('quoteLanding')
    const quote = doc.quoteSection!
    await page.goto(path(doc))
    const quoteSection = page.locator('#quote')
    await expect(quoteSection).not.toBeInViewport()

    await heroCta(page, doc).click()
    await expect(page).toHaveURL(new RegExp(`${path(doc)}#quote$`))
    await expect(quoteSection).toBeInViewport()
    await expect(quoteSection.getByRole('heading', {level: 2})).toHaveText(quote.heading)
    await expect(quoteSection).toContainText(quote.text)
    await expect(finalCta(page, doc)).toHaveAttribute('href', '#quote')
  })

  test("mold remediation's 'Schedule Your Inspection' dials the company phone", async ({page}) => {
    const doc = firstWithLayout('mold')
    const {phone} = settings()
    await page.goto(path(doc))
    expect(doc.hero.ctaLabel).toBe('Schedule Your Inspection')
    await expect(heroCta(page, doc)).toHaveAttribute('href', telOf(phone))
    await expect(finalCta(page, doc)).toHaveAttribute('href', telOf(phone))
    // Every 'Schedule Your Inspection' on the page (hero, quote section, final) dials.
    const inspections = main(page).getByRole('link', {name: 'Schedule Your Inspection', exact: true})
    expect(await inspections.count()).toBeGreaterThanOrEqual(2)
    for (const link of await inspections.all()) await expect(link).toHaveAttribute('href', telOf(phone))
    // The quote section explains the phone-only inspection; there is no quote anchor to jump to.
    await expect(page.locator('section#quote').getByRole('heading', {level: 2})).toHaveText(doc.quoteSection!.heading)
    await expect(main(page).locator('a[href="#quote"]')).toHaveCount(0)
  })
})

test.describe('page sections', () => {
  test('Common Questions keeps one answer open at a time; clicking the open one closes it', async ({page}) => {
    const doc = firstWithLayout('information')
    const [first, second] = doc.commonQuestions.items
    await page.goto(path(doc))
    const questions = main(page).getByRole('region', {name: doc.commonQuestions.heading})
    await expect(questions.getByRole('button')).toHaveCount(6)
    const firstButton = questions.getByRole('button', {name: first.question})
    const secondButton = questions.getByRole('button', {name: second.question})

    await firstButton.click()
    await expect(firstButton).toHaveAttribute('aria-expanded', 'true')
    await expect(questions.getByText(first.answer[0])).toBeVisible()

    await secondButton.click()
    await expect(secondButton).toHaveAttribute('aria-expanded', 'true')
    await expect(firstButton).toHaveAttribute('aria-expanded', 'false')
    await expect(questions.getByText(first.answer[0])).toBeHidden()
    await expect(questions.getByText(second.answer[0])).toBeVisible()

    await secondButton.click()
    await expect(secondButton).toHaveAttribute('aria-expanded', 'false')
    await expect(questions.getByText(second.answer[0])).toBeHidden()
    await expect(questions.getByRole('button', {expanded: true})).toHaveCount(0)
  })

  for (const layout of ['quoteLanding', 'carpetLanding', 'mold'] as const) {
    test(`a ${layout} page lists exactly five included items`, async ({page}) => {
      const doc = firstWithLayout(layout)
      await page.goto(path(doc))
      const included = main(page).getByRole('region', {name: doc.included.heading})
      await expect(included.getByRole('listitem')).toHaveText(doc.included.items)
      await expect(included.getByRole('listitem')).toHaveCount(5)
    })
  }

  test('an information page lists everything its content includes', async ({page}) => {
    const doc = firstWithLayout('information')
    await page.goto(path(doc))
    await expect(main(page).getByRole('region', {name: doc.included.heading}).getByRole('listitem')).toHaveText(
      doc.included.items,
    )
  })

  test('the Services menu links to all 14 service pages', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900})
    await page.goto(path(firstWithLayout('quoteLanding')))
    const services = page.getByRole('navigation', {name: 'Main'}).getByRole('button', {name: 'Services'})
    const panelId = await services.getAttribute('aria-controls')
    expect(panelId).toBeTruthy()
    const menu = page.locator(`[id="${panelId}"]`)
    for (const doc of servicePages()) {
      await expect(menu.locator(`a[href="${path(doc)}"]`), path(doc)).toHaveCount(1)
    }
  })

  for (const layout of ['information', 'quoteLanding', 'carpetLanding', 'mold'] as const) {
    test(`a ${layout} page fits a 390 px phone screen without sideways scrolling`, async ({page}) => {
      await page.setViewportSize({width: 390, height: 844})
      const doc = firstWithLayout(layout)
      await page.goto(path(doc))
      await expect(heroCta(page, doc)).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }
})
