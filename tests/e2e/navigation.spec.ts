import {expect, test, type Page} from './support/test'
import {documentsOfType} from './support/dataset'

type ServicePageDoc = {slug: {current: string}; menuGroup: string; menuLabel: string; menuOrder: number}

const COLUMNS = [
  ['house', 'House Cleaning'],
  ['exterior', 'Exterior Cleaning'],
  ['mold', 'Mold Remediation'],
  ['commercial', 'Commercial Cleaning'],
] as const

const mainNav = (page: Page) => page.getByRole('navigation', {name: 'Main'})

test.describe('header navigation on desktop', () => {
  test.use({viewport: {width: 1280, height: 900}})

  test('the Services dropdown shows the four columns with every service page, and closes again', async ({page}) => {
    await page.goto('/about')
    const services = mainNav(page).getByRole('button', {name: 'Services'})
    await expect(services).toHaveAttribute('aria-expanded', 'false')
    await services.click()
    await expect(services).toHaveAttribute('aria-expanded', 'true')

    const pages = documentsOfType<ServicePageDoc>('servicePage')
    for (const [group, label] of COLUMNS) {
      const column = mainNav(page).getByRole('list', {name: label})
      const expected = pages.filter((doc) => doc.menuGroup === group).sort((a, b) => a.menuOrder - b.menuOrder)
      await expect(column.getByRole('link')).toHaveText(expected.map((doc) => doc.menuLabel))
      for (const doc of expected) {
        await expect(column.getByRole('link', {name: doc.menuLabel, exact: true})).toHaveAttribute('href', `/${doc.slug.current}`)
      }
    }

    await page.keyboard.press('Escape')
    await expect(services).toHaveAttribute('aria-expanded', 'false')
    await expect(services).toBeFocused()

    // Keyboard: Enter opens it, choosing a link navigates and closes it.
    await services.press('Enter')
    await mainNav(page).getByRole('link', {name: 'Deep Cleaning', exact: true}).click()
    await expect(page).toHaveURL(/\/deep-cleaning$/)
    await expect(mainNav(page).getByRole('button', {name: 'Services'})).toHaveAttribute('aria-expanded', 'false')
  })

  test('the top-level links and Book Now lead to their pages', async ({page}) => {
    await page.goto('/')
    const nav = mainNav(page)
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Booking', '/house_cleaning'],
      ['Blogs', '/blogs'],
      ['FAQs', '/faqs'],
      ['Contact', '/contact'],
    ]) {
      await expect(nav.getByRole('link', {name, exact: true})).toHaveAttribute('href', href)
    }
    await expect(page.getByRole('banner').getByRole('link', {name: 'Book Now'})).toHaveAttribute('href', '/house_cleaning')
    await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('href', '/')
  })

  test('the footer links to the booking forms, the legal sections and the company contact', async ({page}) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    for (const href of ['/house_cleaning', '/exterior_cleaning', '/carpet_cleaning', '/commercial_cleaning']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
    }
    for (const [name, href] of [
      ['Privacy Policy', '/legal#privacy'],
      ['Terms of Use', '/legal#terms'],
      ['Refund Policy', '/legal#refund'],
    ]) {
      await expect(footer.getByRole('link', {name})).toHaveAttribute('href', href)
    }
    const settings = documentsOfType<{phone: string; email: string; copyright: string}>('siteSettings')[0]
    await expect(footer.locator(`a[href="mailto:${settings.email}"]`)).toHaveCount(1)
    await expect(footer.locator(`a[href="tel:+1${settings.phone.replace(/\D/g, '')}"]`)).toHaveCount(1)
    await expect(footer).toContainText(settings.copyright)

    await footer.getByRole('link', {name: 'Refund Policy'}).click()
    await expect(page).toHaveURL(/\/legal#refund$/)
    await expect(page.locator('#refund')).toBeInViewport()
  })
})

test.describe('header navigation on a phone', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('the menu toggle opens the navigation and a link click closes it', async ({page}) => {
    await page.goto('/')
    const toggle = page.getByRole('button', {name: 'Menu', exact: true})
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(mainNav(page).getByRole('link', {name: 'FAQs'})).toBeHidden()

    await toggle.click()
    const close = page.getByRole('button', {name: 'Close menu'})
    await expect(close).toHaveAttribute('aria-expanded', 'true')
    await expect(mainNav(page).getByRole('link', {name: 'FAQs'})).toBeVisible()

    await mainNav(page).getByRole('link', {name: 'FAQs'}).click()
    await expect(page).toHaveURL(/\/faqs$/)
    await expect(page.getByRole('button', {name: 'Menu', exact: true})).toHaveAttribute('aria-expanded', 'false')
    await expect(mainNav(page).getByRole('link', {name: 'FAQs'})).toBeHidden()
  })

  test('a service page is reachable from the mobile menu, and Escape closes the menu', async ({page}) => {
    await page.goto('/')
    await page.getByRole('button', {name: 'Menu', exact: true}).click()
    await mainNav(page).getByRole('button', {name: 'Services'}).click()
    await mainNav(page).getByRole('link', {name: 'Gutter Cleaning', exact: true}).click()
    await expect(page).toHaveURL(/\/gutter-cleaning$/)
    await expect(page.getByRole('button', {name: 'Menu', exact: true})).toHaveAttribute('aria-expanded', 'false')

    await page.getByRole('button', {name: 'Menu', exact: true}).click()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', {name: 'Menu', exact: true})).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('scroll to top', () => {
  test('appears only past 600 px and brings the visitor back to the top', async ({page}) => {
    await page.goto('/')
    const button = page.getByRole('button', {name: 'Scroll to top'})
    await expect(button).toBeHidden()
    await page.evaluate(() => window.scrollTo({top: 590, behavior: 'instant'}))
    // Two frames: the scroll has been handled and painted.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    await expect(button).toBeHidden()
    await page.evaluate(() => window.scrollTo({top: 700, behavior: 'instant'}))
    await expect(button).toBeVisible()
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(button).toBeHidden()
  })

  test.describe('with reduced motion', () => {
    test.use({reducedMotion: 'reduce'})
    test('jumps to the top at once and the page does not scroll smoothly', async ({page}) => {
      await page.goto('/')
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto')
      await page.evaluate(() => window.scrollTo({top: 2000, behavior: 'instant'}))
      await page.getByRole('button', {name: 'Scroll to top'}).click()
      // No animation: the very next frame is already at the top.
      expect(await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(window.scrollY))))).toBe(0)
    })
  })

  test('without reduced motion the page scrolls smoothly', async ({page}) => {
    await page.goto('/')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth')
  })
})

test.describe('at the narrowest phone width', () => {
  test.use({viewport: {width: 320, height: 640}})

  for (const path of ['/', '/deep-cleaning', '/roof-cleaning', '/blogs', '/contact', '/legal']) {
    test(`${path} reflows without sideways scrolling at 320 px`, async ({page}) => {
      await page.goto(path)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await expect(page.getByRole('banner').getByRole('link', {name: 'Book Now'})).toBeInViewport({ratio: 1})
    })
  }
})
