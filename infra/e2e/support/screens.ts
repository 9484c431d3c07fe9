import { test, type Locator, type Page } from '@playwright/test';

/**
 * A screen kept for people to look at (`.artifacts/*.png`, at phone and desktop size): taken on a
 * developer's run, skipped in CI, whose output is the log and which nobody looks at there
 * (`E2E_SCREENSHOTS=1` takes them in CI too). About 70 full-page captures are a minute of a run.
 */
export async function keepScreen(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  await target.screenshot(options);
}

/** Where the screen `name` of the running journey's project (mobile, desktop) is kept. */
export const screenPath = (name: string): string => `${__dirname}/../.artifacts/${name}-${test.info().project.name}.png`;
