import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));

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
    environment: 'node',
    // Both cores (the default leaves one idle on a 2-core machine): most files wait on PGlite's CPU.
    maxWorkers: 2,
    include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'studio/**/*.test.ts', 'components/**/*.test.ts'],
  },
});
