// Empties the end-to-end server's booking data (the embedded database and the test checkout's
// sessions, BOOKINGS_DATA_DIR = test-results/bookings-data, set in playwright.config.ts), so every
// run starts from an empty store. Runs in Playwright's webServer command, before the server starts.
import { rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'test-results', 'bookings-data');

rmSync(target, { recursive: true, force: true });
console.log(`prepare-e2e-bookings: emptied ${relative(root, target)}/`);
