// The end-to-end tests' mail server: a real SMTP server on loopback (port E2E_SMTP_PORT) that writes
// every message it accepts to test-results/smtp-inbox/ (see tests/e2e/support/smtp.ts). Started by
// Playwright as a second web server, before the site, which sends to it through SMTP_URL.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '../tests/e2e/support/smtp.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'test-results', 'smtp-inbox');
rmSync(dir, { recursive: true, force: true });
const port = Number(process.env.E2E_SMTP_PORT);
const sink = await startSmtpSink({ port, dir });
console.log(`e2e-smtp-sink: listening on 127.0.0.1:${sink.port}, writing to test-results/smtp-inbox/`);
