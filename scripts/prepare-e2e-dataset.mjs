// Makes a fresh, writable copy of the local Sanity dataset for the end-to-end tests:
// studio/dataset/ -> test-results/dataset/ (the whole folder, so relative asset paths in
// production.ndjson keep resolving). The e2e server reads the copy (SANITY_LOCAL_DATASET, set in
// playwright.config.ts), so content tests can edit it and trigger revalidation without touching the
// committed dataset. Runs as the first step of Playwright's webServer command, i.e. right before the
// server that reads it is built and started (Playwright starts webServer before globalSetup).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'studio', 'dataset');
const target = join(root, 'test-results', 'dataset');

if (!existsSync(join(source, 'production.ndjson'))) {
  console.error(`prepare-e2e-dataset: ${relative(root, join(source, 'production.ndjson'))} is missing.`);
  process.exit(1);
}

rmSync(target, { recursive: true, force: true });
cpSync(source, target, { recursive: true });
console.log(`prepare-e2e-dataset: copied ${relative(root, source)}/ to ${relative(root, target)}/`);
