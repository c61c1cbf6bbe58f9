import { existsSync, statfsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = dirname(fileURLToPath(import.meta.url));
// Not 3000, so a dev server or `npm start` doesn't clash with the tests' server; E2E_PORT and
// E2E_SMTP_PORT let two checkouts of the repository run their suites side by side.
const PORT = Number(process.env.E2E_PORT) || 3100

// Shared with the tests (workers inherit the runner's environment) and with the web server
// (Playwright passes process.env on to it). The dataset is a per-run copy of studio/dataset/ made
// by scripts/prepare-e2e-dataset.mjs, so content tests may edit it and trigger revalidation.
const SANITY_REVALIDATE_SECRET = 'test-revalidate-secret';
const SANITY_LOCAL_DATASET = join(root, 'test-results', 'dataset', 'production.ndjson');
process.env.SANITY_REVALIDATE_SECRET = SANITY_REVALIDATE_SECRET;
process.env.SANITY_LOCAL_DATASET = SANITY_LOCAL_DATASET;

// Bookings: the embedded database in a per-run directory (emptied by scripts/prepare-e2e-bookings.mjs
// before the server starts) and the local test checkout, which production mode allows because the
// public address (SITE_URL) is loopback, as under `npm start`. Stripe and Supabase are switched off
// whatever the runner's environment holds. The booking rate limit is raised: every test posts from
// the same address.
const BOOKING_ENV = {
  SITE_URL: `http://localhost:${PORT}`,
  TEST_CHECKOUT_ENABLED: '',
  BOOKINGS_DATA_DIR: join(root, 'test-results', 'bookings-data'),
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  SUPABASE_URL: '',
  SUPABASE_SERVICE_ROLE_KEY: '',
  BOOKING_RATE_LIMIT_MAX: '100000',
  AVAILABILITY_RATE_LIMIT_MAX: '100000',
  LEAD_RATE_LIMIT_MAX: '100000',
};

// The office: the first owner of the new database, and sign-in links not throttled
// (every test asks from the same address).
const OFFICE_ENV = {
  OFFICE_OWNER_EMAIL: 'owner@office.test',
  OFFICE_SIGN_IN_RATE_LIMIT_MAX: '100000',
  // The x-office-test-now header moves the sign-in rules' clock (an expired link without waiting);
  // honoured only with this and a loopback SITE_URL (lib/office/shared/test-clock.ts).
  OFFICE_TEST_CLOCK: 'on',
};

// E-mail: a real SMTP server on loopback (scripts/e2e-smtp-sink.mjs, the second web server) that
// writes what it receives to test-results/smtp-inbox/; the site sends to it through SMTP_URL. The
// outbox is checked every second, so a retry never waits long.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT) || 3125
const EMAIL_ENV = {
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  SMTP_HOST: '',
  EMAIL_FROM: '',
  EMAIL_OUTBOX_POLL_SECONDS: '1',
  EMAIL_RETRY_BASE_SECONDS: '1',
};

// Playwright tells Chromium to keep its shared memory in /tmp files (--disable-dev-shm-usage), for
// containers whose /dev/shm is 64 MB. Where /dev/shm is large, shared memory there costs less
// system time (measured: 4 % of a page load's CPU).
const roomyDevShm = (() => {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks >= 1024 ** 3;
  } catch {
    return false;
  }
})();

// Debian's Chromium; `npx playwright install` cannot download browsers here. Its headless shell
// (package chromium-headless-shell, the browser Playwright itself runs headless) when installed:
// a page load costs it 40 % of the full browser's CPU, and the suite is bound by CPU on 2 cores.
const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

// Specs of whole-system checks on servers of their own (private servers, the reference
// deployment, a kill, a flood), whose tests or serial groups take 15–60 s each: started first (the
// first project's tests are handed out first), so the run does not end on one of them while the
// other workers have nothing left to do. Measured on main: the last of them ended 10 s before the
// suite did, the short tests queued behind it.
const WHOLE_SYSTEM = [
  'booking-durability',
  'booking-manage',
  'booking-storage',
  'cache-flood',
  'deploy',
  'leads-abuse',
  'leads-storage',
  'live-preview',
  'office-dashboard',
  'office-menu-counts',
  'checkout-reminders',
  'page-streaming',
  'production-config',
  'server-lifecycle',
  'shared-cache',
].map((name) => new RegExp(`/${name}\\.spec\\.ts$`))

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM,
    ignoreDefaultArgs: roomyDevShm ? ['--disable-dev-shm-usage'] : [],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its outputDir before starting the web server; keep it apart from
  // test-results/dataset, which the web server reads.
  outputDir: 'test-results/playwright',
  // Three on 2 cores: with the headless shell a test spends much of its time waiting on the page
  // (measured on five specs: 74 s with 2 workers, 63 s with 3).
  workers: 3,
  // Tests of one file may run in several workers, so a long file doesn't leave one idle at the
  // end. Tests sharing a private server run in order (their describe blocks are 'serial').
  fullyParallel: true,
  retries: 0, // a flaky test gets fixed, not retried
  // A booking screen's longest tests take 10 s on an idle 2-core machine and near 30 s when other
  // processes load both cores: twice Playwright's default, so a busy machine slows the suite down
  // instead of failing it.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  // A migrated embedded database that private servers' new data directories are copied from.
  globalSetup: './tests/e2e/support/global-setup.ts',
  reporter: 'list',
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace of every test costs a fifth of the browser's CPU (measured on booking
    // screens), spent on every passing test: 1 min 40 s of a whole run here (9 min 03 s against
    // 7 min 24 s). A failure shows its error, the page's ARIA snapshot, the screenshot and the
    // server's log. Outside CI (.ci/run sets CI=true) a failing test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'system', testMatch: WHOLE_SYSTEM, use: chromium },
    { name: 'site', testIgnore: [/.*\.content\.spec\.ts/, ...WHOLE_SYSTEM], use: chromium },
    // Tests that change content run last, after every other test has passed.
    { name: 'content', testMatch: /.*\.content\.spec\.ts/, dependencies: ['system', 'site'], use: chromium },
  ],
  webServer: [
    {
      command: `node scripts/require-node.mjs && node scripts/e2e-smtp-sink.mjs`,
      port: SMTP_PORT,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      env: { E2E_SMTP_PORT: String(SMTP_PORT) },
    },
    {
      // One production build per run: copy the dataset, empty the bookings, build, serve on PORT
      // through the site's edge server, as `npm start` does.
      // Under `npm test` the type check has run before (BUILD_SKIP_TYPECHECK, see next.config.ts).
      command: `node scripts/require-node.mjs && node scripts/prepare-e2e-dataset.mjs && node scripts/prepare-e2e-bookings.mjs && next build && node scripts/serve.ts -p ${PORT}`,
      port: PORT,
      reuseExistingServer: !process.env.CI,
      timeout: 15 * 60_000, // `next build` takes minutes on a 2-core machine
      stdout: 'pipe',
      stderr: 'pipe',
      // Added to the runner's own environment, which Playwright passes on as well. The build writes
      // no Turbopack cache to disk (next.config.ts): no later build of the run would read it.
      env: { SANITY_REVALIDATE_SECRET, SANITY_LOCAL_DATASET, ...BOOKING_ENV, ...EMAIL_ENV, ...OFFICE_ENV, NEXT_BUILD_FILESYSTEM_CACHE: 'off' },
    },
  ],
});
