// Measures what a visitor waits for on the quote form: from the click on Submit to the success
// message, in Chromium, against a running server (embedded store by default), e.g.:
//   LEAD_RATE_LIMIT_MAX=100000 next start -p 3300   (another shell, after `next build`)
//   node scripts/measure-quote-form.mjs http://localhost:3300 20
// Arguments: base URL, submissions (default 20). Also prints the gzipped JavaScript the page loads
// (prefetches of linked routes blocked, as tests/e2e/page-weight.spec.ts counts it).
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', runsArg = '20'] = process.argv.slice(2);
const runs = Number(runsArg);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage();
await page.route('**/*', (route) => (route.request().headers()['next-router-prefetch'] ? route.abort() : route.fallback()));
const scripts = [];
page.on('requestfinished', (request) => {
  if (request.resourceType() === 'script') scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
});
await page.goto(`${base}/roof-cleaning`, { waitUntil: 'networkidle' });
const jsKb = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0) / 1024;
await page.locator('form[data-interactive]').waitFor({ state: 'attached' });

const form = page.getByRole('form', { name: 'Request your free quote' });
const durations = [];
for (let n = 0; n < runs; n += 1) {
  await form.getByLabel('First name (required)').fill('Measure');
  await form.getByLabel('Last name (required)').fill(`Run ${n}`);
  await form.getByLabel('Phone (required)').fill('425-555-0100');
  await form.getByLabel('E-mail (required)').fill(`measure.${n}.${Date.now()}@example.com`);
  await form.getByLabel('Zip code (required)').fill('98057');
  await form.getByRole('checkbox').check();
  // Timed in the page: the click's event time to the first frame that shows the success message.
  const ms = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const status = document.querySelector('form [role="status"]');
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (status.textContent.trim() !== '') {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - started));
          }
        });
        observer.observe(status, { childList: true, subtree: true, characterData: true });
        document.querySelector('form [type="submit"]').click();
      }),
  );
  durations.push(ms);
}
await browser.close();
durations.sort((a, b) => a - b);
const pct = (p) => durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))].toFixed(0);
console.log(`/roof-cleaning loads ${jsKb.toFixed(1)} kB of gzipped JavaScript`);
console.log(`quote form, submit → success message, ${runs} submissions: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${durations.at(-1).toFixed(0)} ms`);
