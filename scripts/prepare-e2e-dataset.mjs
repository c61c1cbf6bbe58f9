// Makes a fresh, writable copy of the local Sanity dataset for the end-to-end tests:
// studio/dataset/ -> test-results/dataset/ (the whole folder, so relative asset paths in
// production.ndjson keep resolving). The e2e server reads the copy (SANITY_LOCAL_DATASET, set in
// playwright.config.ts), so content tests can edit it and trigger revalidation without touching the
// committed dataset. Runs as the first step of Playwright's webServer command, i.e. right before the
// server that reads it is built and started (Playwright starts webServer before globalSetup).
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
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

// Draft mode's test content (tests/e2e/draft-mode.spec.ts): unpublished drafts of the home page and
// of the first article, and the preview secret the Studio's Presentation tool would have written
// (valid for an hour from its _updatedAt, as Sanity's own).
const E2E_PREVIEW_SECRET = 'e2e-preview-secret-3f9c1a7d52b84e06';
const documents = readFileSync(join(target, 'production.ndjson'), 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
const draftOf = (id, change) => {
  const draft = structuredClone(documents.find((doc) => doc._id === id));
  change(draft);
  return { ...draft, _id: `drafts.${id}` };
};
const extra = [
  draftOf('homePage', (doc) => { doc.hero.headline = 'Draft Headline: Fresh Spring Cleaning Offers'; }),
  draftOf('blogPost-1', (doc) => { doc.title = 'Draft Title: A Deep Clean Checklist for Busy Families'; }),
  { _id: 'sanity-preview-url-secret.e2e', _type: 'sanity.previewUrlSecret', secret: E2E_PREVIEW_SECRET, studioUrl: '/studio', _updatedAt: new Date().toISOString() },
];
appendFileSync(join(target, 'production.ndjson'), extra.map((doc) => JSON.stringify(doc)).join('\n') + '\n');
console.log(`prepare-e2e-dataset: copied ${relative(root, source)}/ to ${relative(root, target)}/, with ${extra.length} drafts and preview documents`);
