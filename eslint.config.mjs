// ESLint 9 flat config. Next 16 has no `next lint`: `npm run lint` runs `eslint .`.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import boundaries from 'eslint-plugin-boundaries';

// ---------------------------------------------------------------------------------------------
// The layering (README, "Code layout"), as lint rules: routes (app/) → components/ → lib/.
// Nothing imports upward; lib/ is plain TypeScript with no React and no vendor SDK outside the
// adapter files listed below; components/ and app/ never reach a database or an outside service
// but through lib/. tests/, scripts/, *.test.ts(x) and test-support/ stand outside the layers:
// a test may import whatever it checks (a component test a lib/ stand-in, a script the Studio's
// schema), so the rules below do not apply to them.
// ---------------------------------------------------------------------------------------------

// Each outside service's SDK, and the only lib/ files that may import it: its adapter, beside the
// interface the rest of lib/ uses. Subpaths count (`@sanity/client/stega`). A type-only import is
// an import too: a domain file that needs the shape names lib's own type. Plain libraries (zod,
// ics, @date-fns/tz, @oslojs/*) are free anywhere.
export const ADAPTERS = {
  stripe: ['payments/stripe.ts'],
  '@supabase/supabase-js': [
    'database/supabase.ts',
    'database/supabase-functions.ts',
    'booking/store/supabase-store.ts',
  ],
  '@electric-sql/pglite': [
    'database/pglite-open.ts',
    'database/pglite-worker.ts',
    'database/pglite-worker-client.ts',
  ],
  // node-postgres: only the tests' PostgreSQL stand-ins (test-support/) use it.
  pg: [],
  nodemailer: ['email/smtp-transport.ts', 'email/folder-transport.ts'],
  // i24-texts: Twilio's SDK (sending texts, checking its webhooks' signatures).
  twilio: ['texts/twilio-transport.ts'],
  redis: ['rate-limit/index.ts', 'page-cache/redis-store.ts'],
  'rate-limiter-flexible': ['rate-limit/redis.ts'],
  '@fortedigital/nextjs-cache-handler': ['page-cache/redis-store.ts'],
  // The content API: the Content Lake adapter, the local dataset's GROQ engine and images, the
  // webhook's signature check, and index.ts, which picks one of them.
  '@sanity/client': ['content/content-lake.ts', 'content/index.ts'],
  '@sanity/image-url': ['content/images.ts'],
  '@sanity/webhook': ['content/revalidate-webhook.ts'],
  'next-sanity': ['content/queries.ts', 'content/studio-edit-links.ts', 'content/revalidate-webhook.ts'],
  'groq-js': ['content/local-dataset.ts'],
  sharp: ['content/local-images.ts'],
  // The Studio's packages (sanity, its icons and plugins): studio/ only, never lib/.
  sanity: [],
  '@sanity/*': [],
};

// Next's request functions (headers, cookies, redirects, its data cache) and React's per-request
// `cache`: only in the files that wire lib/ to a request (the content API, which reads once per
// request what many server components ask for; the office's page check), and the content webhook,
// which hands next-sanity's parseBody the NextRequest it takes. Next's types (`import type {Metadata}`) are free.
export const REQUEST_WIRING = {
  next: [
    'content/index.ts',
    'content/revalidate-webhook.ts',
    'office/access/page.ts',
  ],
  react: ['content/index.ts', 'office/access/page.ts'],
};

// The plain rules of lib/ the Studio shares with the site: the editors must follow them too.
export const STUDIO_SHARED_RULES = [
  'booking/catalog.ts',
  'booking/pricing.ts',
  'booking/availability.ts',
  'booking/message-keys.ts',
  'leads/message-keys.ts',
  'email/tokens.ts',
  // i24-texts
  'texts/tokens.ts',
  // The Sanity project, dataset and API version both read (studio/env.ts re-exports them).
  'content/sanity-env.ts',
];

// React and the libraries built on it: components/ only.
const REACT = ['react', 'react-dom', '@react-email/*', '@portabletext/react', 'react-hook-form', '@hookform/*', '@tanstack/react-table', 'react-day-picker'];

// The SDKs that talk to a database or an outside service: no component or route imports them.
const SERVICE_SDKS = [
  'stripe',
  '@supabase/*',
  '@electric-sql/pglite',
  'pg',
  'nodemailer',
  'redis',
  'rate-limiter-flexible',
  '@sanity/client',
  '@sanity/webhook',
  'groq-js',
  'sharp',
];

const layer = (type) => ({ to: { element: { type } } });

const layering = {
  // Anything not listed is allowed: routes may use components and lib, components lib, and
  // everything the packages they need (the policies below narrow that for lib/).
  default: 'allow',
  checkAllOrigins: true,
  policies: [
    {
      from: { element: { type: 'lib' } },
      disallow: ['app', 'components', 'studio', 'scripts', 'tests'].map(layer),
      message:
        'lib/ must not import {{to.type}}/ ({{dependency.source}}): lib/ is the bottom layer (rules and adapters). Move what both need into lib/.',
    },
    {
      from: { element: { type: 'components' } },
      disallow: ['app', 'studio', 'scripts', 'tests'].map(layer),
      message:
        'components/ must not import {{to.type}}/ ({{dependency.source}}): routes use components, never the reverse. Move what both need into components/ or lib/.',
    },
    {
      from: { element: { type: 'app' } },
      disallow: ['studio', 'scripts', 'tests'].map(layer),
      message: 'app/ must not import {{to.type}}/ ({{dependency.source}}): routes use components/ and lib/ only.',
    },
    // The Studio is its own app (schemas, structure, editing tools): it may use lib/'s plain rules
    // the editors must follow too (the catalog's services, prices by the hour, availability's
    // limits, the message and e-mail tokens), never lib/'s server code, and nothing of the site.
    {
      from: { element: { type: 'studio' } },
      disallow: ['app', 'components', 'scripts', 'tests', 'lib'].map(layer),
      message:
        'studio/ must not import {{to.type}}/ ({{dependency.source}}): the Studio uses only the plain rules of lib/ it shares with the site (STUDIO_SHARED_RULES in eslint.config.mjs).',
    },
    {
      from: { element: { type: 'studio' } },
      allow: {
        to: {
          element: {
            type: 'lib',
            fileInternalPath: STUDIO_SHARED_RULES,
          },
        },
      },
    },
    // The dataset check (a build tool run by scripts/validate-dataset.ts and the tests, never part
    // of the Studio's bundle) reads the local dataset and its image files as the site does.
    {
      from: { element: { type: 'studio', fileInternalPath: 'lib/dataset-validation.ts' } },
      allow: {
        to: { element: { type: 'lib', fileInternalPath: ['content/local-dataset.ts', 'content/image-files.ts'] } },
      },
    },
    {
      from: { element: { type: ['components', 'app'] } },
      disallow: { to: { module: { origin: 'external', source: SERVICE_SDKS } } },
      message:
        '{{from.type}}/ must not import {{dependency.source}}: components and routes never call a database or an outside service themselves; they go through lib/.',
    },
    {
      // A component shows what it is given: the data comes from a route or lib/, never straight
      // from the database or the booking store (their types are free).
      from: { element: { type: 'components' } },
      disallow: {
        to: { element: { type: 'lib', fileInternalPath: ['database/**', 'booking/store/**'] } },
        dependency: { kind: 'value' },
      },
      message:
        'components/ must not import {{dependency.source}}: components never call a database; a route or lib/ reads the data and passes it in.',
    },
    {
      from: { element: { type: 'lib' } },
      disallow: { to: { module: { origin: 'external', source: REACT } } },
      message: 'lib/ must not import {{dependency.source}}: lib/ is plain TypeScript; React belongs in components/.',
    },
    {
      from: { element: { type: 'lib' } },
      disallow: {
        to: { module: { origin: 'external', source: Object.keys(ADAPTERS) } },
      },
      message:
        'lib/{{from.internalPath}} must not import {{dependency.source}}: vendor SDKs stay in their adapter files (ADAPTERS in eslint.config.mjs); use the interface beside them.',
    },
    {
      from: { element: { type: 'lib' } },
      disallow: { to: { module: { origin: 'external', source: 'next' } }, dependency: { kind: 'value' } },
      message:
        "lib/{{from.internalPath}} must not import {{dependency.source}}: only the files that wire lib/ to Next's request may (REQUEST_WIRING in eslint.config.mjs); pass what a rule needs in as arguments. Type imports from next are free.",
    },
    ...[...Object.entries(ADAPTERS), ...Object.entries(REQUEST_WIRING)]
      .filter(([, files]) => files.length > 0)
      .map(([source, files]) => ({
        from: { element: { type: 'lib', fileInternalPath: files } },
        allow: { to: { module: { origin: 'external', source } } },
      })),
  ],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Added to eslint-config-next's own ignores (.next, out, build, next-env.d.ts; node_modules and
  // .git are always ignored): generated files, data and test output.
  globalIgnores([
    'sanity.types.ts',
    'studio/dataset/**',
    '.data/**',
    'test-results/**',
    'playwright-report/**',
    'coverage/**',
    // The bare app npm run perf and npm run bench measure against builds inside the repository.
    '**/.next/**',
    '**/next-env.d.ts',
    'reports/**',
  ]),
  {
    files: ['app/**', 'components/**', 'lib/**', 'studio/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: 'app', partialMatch: false },
        { type: 'components', pattern: 'components', partialMatch: false },
        { type: 'lib', pattern: 'lib', partialMatch: false },
        { type: 'studio', pattern: 'studio', partialMatch: false },
        { type: 'scripts', pattern: 'scripts', partialMatch: false },
        { type: 'tests', pattern: 'tests', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', layering],
    },
  },
  // Next's compiled internals (next/dist/…) change without notice between releases: the site uses
  // only Next's public entry points (next, next/server, next/navigation, …), tests included.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['next/dist', 'next/dist/**'],
              message: "next/dist is Next's private build output: use a public entry point (next, next/server, …) or the documented configuration.",
            },
          ],
        },
      ],
      // The same for require('next/dist/…') and import('next/dist/…').
      'no-restricted-syntax': [
        'error',
        ...["CallExpression[callee.name='require']", 'ImportExpression'].map((call) => ({
          selector: `${call} > Literal[value=/^next.dist(.|$)/]`,
          message: "next/dist is Next's private build output: use a public entry point (next, next/server, …) or the documented configuration.",
        })),
      ],
    },
  },
]);
