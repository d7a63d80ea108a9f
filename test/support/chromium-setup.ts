// Vitest's global setup: unpacks the npm Chromium (@sparticuz/chromium, into the temporary directory)
// once, before any test file runs. The package unpacks on first use and writes straight to its final
// path, so browser tests in parallel workers must not be the first to ask at the same time. A failure
// here is left to the browser tests, which fail with the reason.
import { findChromium } from './chromium';

export default async function unpackNpmChromium(): Promise<void> {
  await findChromium({ source: 'npm' }).catch(() => undefined);
}
