// Makes a fresh, writable copy of the local Sanity dataset for the end-to-end tests:
// studio/dataset/ -> test-results/dataset/ (the whole folder, so relative asset paths in
// production.ndjson keep resolving). The e2e server reads the copy (SANITY_LOCAL_DATASET, set in
// playwright.config.ts), so content tests can edit it and trigger revalidation without touching the
// committed dataset. Runs as the first step of Playwright's webServer command, i.e. right before the
// server that reads it is built and started (Playwright starts webServer before globalSetup).
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

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
// A photo (the site's artwork is SVG), for tests/e2e/content-images.spec.ts: a 16:9 JPEG whose subject,
// a red disc, sits near its top-right corner and is the editor's hotspot. An article's hero shows it.
const E2E_PHOTO = { file: 'e2e-crew-photo.jpg', article: 'blogPost-5', width: 2400, height: 1350, subject: { x: 2160, y: 162, r: 60 } };
const { width, height, subject } = E2E_PHOTO;
await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc7d6"/><stop offset="0.55" stop-color="#e9efe6"/><stop offset="1" stop-color="#3d6b4f"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="300" y="620" width="900" height="560" fill="#f4efe4"/><rect x="560" y="860" width="200" height="320" fill="#0f5c5e"/>
  <circle cx="${subject.x}" cy="${subject.y}" r="${subject.r}" fill="#e01010"/>
</svg>`)).jpeg({ quality: 85 }).toFile(join(target, 'images', E2E_PHOTO.file));
const withPhoto = documents.map((doc) => doc._id !== E2E_PHOTO.article ? doc : {
  ...doc,
  heroImage: {
    _type: 'accessibleImage',
    alt: 'Our crew arriving at a house in Renton',
    _sanityAsset: `image@file://./images/${E2E_PHOTO.file}`,
    crop: { _type: 'sanity.imageCrop', top: 0, bottom: 0, left: 0, right: 0 },
    hotspot: { _type: 'sanity.imageHotspot', x: subject.x / width, y: subject.y / height, width: 0.1, height: 0.1 },
  },
});

// Availability for the suite: the committed days and windows of each crew, with room for the many
// bookings the specs make in parallel (200 a window), except one commercial window with a single
// place, which tests/e2e/booking-availability.spec.ts fills to see a full window refused and no
// longer offered. The estimate visits are not counted: their windows have no places to widen.
const E2E_TIGHT_WINDOW = { crew: 'commercial', start: '14:00', end: '16:00', places: 1 };
const BOOKING_CREWS = ['indoor', 'exterior', 'commercial'];
const withAvailability = withPhoto.map((doc) => doc._id !== 'availability' ? doc : {
  ...doc,
  ...Object.fromEntries(BOOKING_CREWS.map((crew) => [crew, {
    ...doc[crew],
    windows: doc[crew].windows.map((window) => {
      const tight = crew === E2E_TIGHT_WINDOW.crew && window.start === E2E_TIGHT_WINDOW.start;
      return { ...window, capacity: tight ? E2E_TIGHT_WINDOW.places : window.capacity === 0 ? 0 : 200 };
    }),
  }])),
});

writeFileSync(join(target, 'production.ndjson'), [...withAvailability, ...extra].map((doc) => JSON.stringify(doc)).join('\n') + '\n');
console.log(`prepare-e2e-dataset: copied ${relative(root, source)}/ to ${relative(root, target)}/, with a photo, ${extra.length} drafts and preview documents`);
