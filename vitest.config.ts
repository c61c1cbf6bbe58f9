import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {defineConfig} from 'vitest/config'

const root = dirname(fileURLToPath(import.meta.url))

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
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'studio/**/*.test.ts', 'components/**/*.test.ts'],
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
