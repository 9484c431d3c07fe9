import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../launcher/chromium.mjs';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against
 * the whole stack, started by global setup on its own ports, database and
 * Redis prefix. Results and logs are kept per E2E_GATEWAY_PORT, so two runs on
 * other ports (two checkouts, or shards) never mix theirs.
 */
const port = Number(process.env.E2E_GATEWAY_PORT ?? 18080);

/**
 * Journeys that run at desktop size only: the agency's admin work, except the journeys about the
 * admin's phone layout (reachability, icon actions, login, federation, axe); and behaviour that does
 * not depend on the width: routing, tracking tags, the lead form without script, passkeys, and the
 * speed-to-lead conversation (texts sent, answered and stopped; the clinic's phone screens are the
 * front desk's journey).
 */
const MOBILE_SKIPS = /(admin-(?!reachable|accessibility|icon-actions|federation|login)[a-z-]+|experiments|custom-domains|page-routing|tracking|lead-form-without-script|passkeys|speed-to-lead-journey)\.spec\.ts$/;

/**
 * Journeys whose behaviour does not depend on the width and that patients meet on phones: they run
 * at phone size only (the desktop layout of the same pages is in landing-pages, home-pages and
 * accessibility): a public page's script, and booking from the thank-you page through the e-mail's
 * link to the visit marked showed (the desktop booking screens are booking-screens and
 * booking-picker). lead-capture.spec.ts runs the sending of the form at phone size and the thank-you
 * page at both. And the clinic's phone: the front desk's day (its screens are axe-checked at both
 * widths elsewhere) and installing the portal (Chrome checks the same manifest at every width).
 */
const DESKTOP_SKIPS = /(page-script|front-desk-journey|portal-installable|booking-journey)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: `./.artifacts/results-${port}`,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // One worker per stack: journeys share its state (the agency's Google Ads connection, the demo clinics'
  // experiments, the fakes' scripts). Runs go side by side as shards, each with a stack of its own (run.mjs).
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The list, then the ten slowest spec files (the figures for making the run faster), and every
  // test's duration in a JSON file of this port's.
  reporter: [['list'], ['json', { outputFile: `./.artifacts/report-${port}.json` }]],
  reportSlowTests: { max: 10, threshold: 30_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_FLAGS],
    },
    // A trace costs a DOM snapshot at every action: kept on a developer's failure, not recorded in CI
    // (whose output is the log; rerun the failed journey with --trace on).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Patients arrive on phones: every public page journey whose screen depends on the width runs
      // at phone size. The rest (MOBILE_SKIPS) repeat the same behaviour at another width.
      testIgnore: MOBILE_SKIPS,
    },
    { name: 'desktop', use: { viewport: { width: 1366, height: 900 } }, testIgnore: DESKTOP_SKIPS },
  ],
});
