// ESLint 9 flat config. Next 16 has no `next lint`: `npm run lint` runs `eslint .`.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

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
]);
