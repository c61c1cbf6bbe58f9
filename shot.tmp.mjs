import {chromium} from '@playwright/test'
const [,, url, out, width = '1280', full = 'full', selector] = process.argv
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking']})
const page = await browser.newPage({viewport: {width: Number(width), height: 900}})
page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()) })
await page.goto(url, {waitUntil: 'networkidle'})
if (selector) await page.locator(selector).first().screenshot({path: out})
else await page.screenshot({path: out, fullPage: full === 'full'})
await browser.close()
