/**
 * Debian's Chromium, as the browser journeys (e2e/playwright.config.ts) and the page benchmark
 * (bench/pages.mjs) start it: never a downloaded browser; no QUIC, first-run screens, background
 * fetches or component updates, so a run talks only to the local stack.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags beside the headless one (each caller names its own headless mode). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
