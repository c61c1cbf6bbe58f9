import {expect, test, type Page} from './support/test'
import {addressLines, mailtoHref, telHref} from '../../lib/format'
import {getDocument} from './support/dataset'
import type {
  FaqItemDoc,
  HomePageDoc,
  ServiceCardDoc,
  ServicePageDoc,
  SiteSettingsDoc,
  TestimonialDoc,
} from './support/content-types'

const settings = () => getDocument<SiteSettingsDoc>('siteSettings')
const home = () => getDocument<HomePageDoc>('homePage')
const faqs = () => home().faqSection.faqs.map((ref) => getDocument<FaqItemDoc>(ref._ref))

const section = (page: Page, id: string) => page.locator(`main section#${id}`)

test.describe('home page', () => {
  test.use({viewport: {width: 1280, height: 900}})

  test('shows hero, the Trust band, About Us, Our Services, Testimonials, FAQ and contact in that order, with the content’s texts', async ({page}) => {
    const content = home()
    await page.goto('/')

    // Hero
    const hero = page.locator('main section').first()
    await expect(hero.getByRole('heading', {level: 1})).toHaveText(content.hero.headline)
    await expect(hero).toContainText(content.hero.subtitle)
    await expect(hero).toContainText(content.hero.tagline)
    await expect(hero.getByRole('img', {name: content.hero.image.alt})).toBeVisible()
    // The hero image is the LCP: loaded eagerly with high priority.
    await expect(hero.getByRole('img', {name: content.hero.image.alt})).toHaveAttribute('fetchpriority', 'high')

    // Sections in page order, each headed by its content.
    const order = await page.locator('main > section').evaluateAll((sections) => sections.map((s) => s.id))
    expect(order).toEqual(['', 'trust', 'about', 'services', 'testimonials', 'faq', 'contact'])
    for (const [id, heading] of [
      ['about', content.about.heading],
      ['services', content.servicesSection.heading],
      ['testimonials', content.testimonialsSection.heading],
      ['faq', content.faqSection.heading],
      ['contact', content.contactSection.heading],
    ]) {
      await expect(section(page, id).getByRole('heading', {level: 2}).first()).toHaveText(heading)
    }

    // About Us: body, the satisfaction claim, the highlights as badges, the image.
    const about = section(page, 'about')
    for (const paragraph of content.about.body) await expect(about).toContainText(paragraph)
    await expect(about.getByText(settings().satisfactionClaim, {exact: true})).toBeVisible()
    for (const highlight of content.about.highlights) {
      await expect(about.getByText(highlight.title, {exact: true})).toBeVisible()
      await expect(about).toContainText(highlight.text)
    }
    await expect(about.getByRole('img', {name: content.about.image.alt})).toBeVisible()

    await expect(section(page, 'services')).toContainText(content.servicesSection.intro)
    await expect(section(page, 'testimonials')).toContainText(content.testimonialsSection.intro)
    await expect(section(page, 'faq')).toContainText(content.faqSection.intro)
    await expect(section(page, 'contact')).toContainText(content.contactSection.intro)
  })

  test('Get Started leads to the house cleaning booking page', async ({page}) => {
    await page.goto('/')
    const getStarted = page.getByRole('main').getByRole('link', {name: home().hero.ctaLabel})
    await expect(getStarted).toHaveAttribute('href', '/house_cleaning')
    await getStarted.click()
    await expect(page).toHaveURL(/\/house_cleaning$/)
  })

  test('Our Services shows the four cards with image, summary, sub-services and a link to their page', async ({page}) => {
    const cards = home().servicesSection.cards.map((ref) => getDocument<ServiceCardDoc>(ref._ref))
    expect(cards).toHaveLength(4)
    await page.goto('/')
    const items = section(page, 'services').getByRole('listitem').filter({has: page.getByRole('heading', {level: 3})})
    await expect(items).toHaveCount(4)
    for (const [index, card] of cards.entries()) {
      const item = items.nth(index)
      const slug = getDocument<ServicePageDoc>(card.link._ref).slug.current
      await expect(item.getByRole('heading', {level: 3})).toHaveText(card.title)
      await expect(item).toContainText(card.summary)
      await expect(item.getByRole('img', {name: card.image.alt})).toBeVisible()
      const subServices = card.subServices ?? []
      if (subServices.length) await expect(item.getByRole('list').getByRole('listitem')).toHaveText(subServices)
      else await expect(item.getByRole('list')).toHaveCount(0)
      const link = item.getByRole('link')
      await expect(link).toHaveCount(1)
      await expect(link).toHaveAttribute('href', `/${slug}`)
      await expect(link).toHaveAccessibleName(new RegExp(card.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    }
  })

  test('Testimonials shows three quotes, and Share Your Experience opens the feedback form in a new tab', async ({page}) => {
    const content = home().testimonialsSection
    const testimonials = content.testimonials.map((ref) => getDocument<TestimonialDoc>(ref._ref))
    expect(testimonials).toHaveLength(3)
    await page.goto('/')
    const cards = section(page, 'testimonials').getByRole('listitem')
    await expect(cards).toHaveCount(3)
    for (const [index, testimonial] of testimonials.entries()) {
      const card = cards.nth(index)
      await expect(card.getByRole('heading', {level: 3})).toHaveText(testimonial.quoteTitle)
      await expect(card.locator('blockquote')).toHaveText(testimonial.quoteText)
      await expect(card).toContainText(testimonial.name)
      await expect(card).toContainText(testimonial.position)
      await card.scrollIntoViewIfNeeded()
      await expect(card.getByRole('img', {name: testimonial.userImage.alt})).toBeVisible()
    }

    const share = section(page, 'testimonials').getByRole('link', {name: content.shareLabel})
    await expect(share).toHaveAttribute('href', settings().feedbackFormUrl)
    await expect(share).toHaveAttribute('target', '_blank')
    await expect(share).toHaveAttribute('rel', /\bnoopener\b/)
    await expect(share).toHaveAttribute('rel', /\bnoreferrer\b/)
  })

  test('the FAQ shows the eight questions; one answer opens at a time and clicking the open one closes it', async ({page}) => {
    const items = faqs()
    expect(items).toHaveLength(8)
    await page.goto('/')
    const faq = section(page, 'faq')
    const questions = faq.getByRole('button')
    await expect(questions).toHaveText(items.map((item) => item.question))
    for (const question of await questions.all()) await expect(question).toHaveAttribute('aria-expanded', 'false')

    const first = faq.getByRole('button', {name: items[0].question})
    const second = faq.getByRole('button', {name: items[1].question})
    const firstAnswer = faq.getByRole('region', {name: items[0].question})
    const secondAnswer = faq.getByRole('region', {name: items[1].question})

    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await expect(firstAnswer).toBeVisible()
    await expect(firstAnswer).toContainText(items[0].answer[0])

    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'true')
    await expect(secondAnswer).toBeVisible()
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await expect(firstAnswer).toBeHidden()

    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'false')
    await expect(secondAnswer).toBeHidden()
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0)
  })

  test('the FAQ works from the keyboard: Enter and Space toggle, arrows, Home and End move between questions', async ({page}) => {
    const items = faqs()
    await page.goto('/')
    const faq = section(page, 'faq')
    const question = (index: number) => faq.getByRole('button', {name: items[index].question})

    await question(0).focus()
    await page.keyboard.press('Enter')
    await expect(question(0)).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Space')
    await expect(question(0)).toHaveAttribute('aria-expanded', 'false')

    await page.keyboard.press('ArrowDown')
    await expect(question(1)).toBeFocused()
    await page.keyboard.press('Space')
    await expect(question(1)).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('ArrowUp')
    await expect(question(0)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(question(0)).toHaveAttribute('aria-expanded', 'true')
    await expect(question(1)).toHaveAttribute('aria-expanded', 'false')

    await page.keyboard.press('End')
    await expect(question(items.length - 1)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(question(0)).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(question(items.length - 1)).toBeFocused()
    await page.keyboard.press('Home')
    await expect(question(0)).toBeFocused()
  })

  test('the contact section offers the contact form, phone, e-mail, address and service areas', async ({page}) => {
    const site = settings()
    await page.goto('/')
    const contact = section(page, 'contact')
    await expect(contact.getByRole('link', {name: site.phone})).toHaveAttribute('href', telHref(site.phone))
    await expect(contact.getByRole('link', {name: site.email})).toHaveAttribute('href', mailtoHref(site.email))
    for (const line of addressLines(site.address)) await expect(contact.locator('address').first()).toContainText(line)
    for (const area of site.serviceAreas) await expect(contact).toContainText(area)
    await expect(contact.getByRole('form', {name: getDocument<{contactForm: {heading: string}}>('formSettings').contactForm.heading})).toBeVisible()
  })

  test('the page carries LocalBusiness and FAQPage data for search engines, in the HTML and once in the browser', async ({page, request}) => {
    // Crawlers read the server's HTML; the browser keeps each block once after hydration.
    const html = await (await request.get('/')).text()
    const served = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]))
    expect(served.map((item) => item['@type']).sort()).toEqual(['FAQPage', 'HouseCleaningService'])
    await page.goto('/')
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text))
    expect(data).toHaveLength(2)
    const business = data.find((item) => item['@type'] === 'HouseCleaningService')
    expect(business?.name).toBe(settings().companyName)
    expect(business?.telephone).toBe(settings().phone)
    const faqPage = data.find((item) => item['@type'] === 'FAQPage')
    expect(faqPage?.mainEntity.map((entry: {name: string}) => entry.name)).toEqual(faqs().map((item) => item.question))
  })
})

test.describe('the map', () => {
  test.use({viewport: {width: 1280, height: 900}})

  /** Blocks OpenStreetMap (the machine is offline anyway) and records every request made to it. */
  async function watchMapRequests(page: Page): Promise<string[]> {
    const requests: string[] = []
    await page.route(/openstreetmap\.org/, (route) => {
      requests.push(route.request().url())
      return route.abort()
    })
    return requests
  }

  test('loads nothing from OpenStreetMap until the visitor asks for it with Show map', async ({page}) => {
    const site = settings()
    const requests = await watchMapRequests(page)
    await page.goto('/', {waitUntil: 'networkidle'})
    const contact = section(page, 'contact')

    // Before: a placeholder built from content, no frame, no request.
    await expect(page.locator('iframe')).toHaveCount(0)
    expect(requests).toEqual([])
    await expect(contact.getByText(site.address.street).last()).toBeAttached()

    // A click that doesn't scroll: scrolling near the map loads it by itself (the next test).
    await contact.getByRole('button', {name: 'Show map'}).dispatchEvent('click')
    const frame = contact.locator('iframe[data-map-frame]')
    await expect(frame).toHaveCount(1)
    await expect(frame).toHaveAttribute('title', site.mapLabel)
    await expect(frame).toHaveAttribute('loading', 'lazy')
    const src = await frame.getAttribute('src')
    expect(src).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[-\d.,]+&layer=mapnik&marker=/)
    expect(src).toContain(`marker=${site.mapLocation.lat},${site.mapLocation.lng}`)
    // The frame itself is lazy: it asks OpenStreetMap once it is on screen, where a visitor who
    // pressed Show map is looking.
    await frame.scrollIntoViewIfNeeded()
    await expect.poll(() => requests.length).toBeGreaterThan(0)

    await expect(contact.getByRole('link', {name: /View larger map/})).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\//)
  })

  test('loads once the visitor scrolls near it', async ({page}) => {
    const requests = await watchMapRequests(page)
    await page.goto('/', {waitUntil: 'networkidle'})
    await expect(page.locator('iframe[data-map-frame]')).toHaveCount(0)
    expect(requests).toEqual([])

    // Down to the contact details beside the form: the map is right under them.
    await section(page, 'contact').locator('address').first().scrollIntoViewIfNeeded()
    await expect(page.locator('iframe[data-map-frame]')).toHaveCount(1)
    await expect.poll(() => requests.length).toBeGreaterThan(0)
  })
})
