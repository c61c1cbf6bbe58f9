import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {configDefaults, defineConfig} from 'vitest/config'

const root = dirname(fileURLToPath(import.meta.url))

const UNIT_FILES = ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'studio/**/*.test.ts', 'components/**/*.test.ts', 'scripts/perf/**/*.test.ts']
/**
 * Files that point the modules they import elsewhere through the process's environment (the content
 * source, the local dataset, the database's data directory, the site's address), and the edge's and
 * page cache's, whose stand-ins and caches live in module state: the modules must be new for them
 * (a shuffled run showed the edge's tests reading another file's cached pages).
 */
const ISOLATED_UNIT_FILES = [
  'lib/content/**/*.test.ts',
  'lib/edge/**/*.test.ts',
  'lib/page-cache/**/*.test.ts',
  'lib/trust.test.ts',
  'lib/rate-limit/index.test.ts',
  'lib/booking/store/index.test.ts',
  'lib/booking/store/store.durability.test.ts',
  'lib/booking/plans/roll-forward.measure.test.ts',
  'lib/background/worker-process.test.ts',
  'tests/unit/robots.test.ts',
  'tests/unit/bench-bookings.test.ts',
]

export default defineConfig({
  resolve: {
    alias: {
      // Same as tsconfig's "@/*": ["./*"].
      '@': root,
      // `server-only` throws outside a React Server Components bundle; in unit tests it is a no-op.
      'server-only': join(root, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    // Both cores (the default leaves one idle on a 2-core machine): most files wait on PGlite's CPU.
    maxWorkers: 2,
    // Files on PGlite spend seconds in one test on an idle machine and several times that beside busy
    // cores; a timeout only says how long to wait for a failure.
    testTimeout: 60_000,
    // The migrated embedded-database image and a shared PostgreSQL cluster, made once per run.
    globalSetup: ['tests/unit/global-setup.ts'],
    projects: [
      {
        // One module graph per worker for all its files instead of a new one per file: the import
        // of the booking, office and database modules was most of the run's CPU beside PGlite.
        // Each file still opens its own databases and servers; the files that change the process's
        // environment or the content source for the modules they import run isolated (below).
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: UNIT_FILES,
          exclude: [...ISOLATED_UNIT_FILES, ...configDefaults.exclude],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          environment: 'node',
          include: ISOLATED_UNIT_FILES,
        },
      },
      {
        // One component's behaviour, rendered with React Testing Library in jsdom (no layout: what
        // needs a real page's layout stays in the browser tests). `import styles from './x.module.css'`
        // resolves to the module's class names (Vitest's default: names only, no styles applied).
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['components/**/*.test.tsx'],
          setupFiles: ['tests/components/setup.ts'],
          // One jsdom and one React for all the files of a worker instead of a new one per file:
          // 15 s → 7 s for the project (measured). Each test starts from an empty document
          // (Testing Library's cleanup in the setup file), and the files pass in any order
          // (checked with --sequence.shuffle).
          isolate: false,
        },
      },
    ],
  },
})
