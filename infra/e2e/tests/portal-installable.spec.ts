import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../launcher/chromium.mjs';
import { logInAsAdmin } from '../support/admin';
import { clinicWithOwner } from '../support/booking';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The installable portal on a phone (docs/portal.md#installable-portal): the portal a clinic user
 * signs in to is an app Chrome can install, in the clinic's name and colours; once its worker
 * runs, the portal opened without a connection says 'You are offline' and sends nothing, and
 * 'Try again' opens it once the connection is back. Its worker keeps the app shell, never a
 * patient's data.
 */
test.describe('the installable portal', () => {
  test('installs in the clinic’s name and colours, and opens offline with “You are offline”', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const run = `pwa${Date.now().toString(36)}`;

    const agency = await browser.newPage();
    await logInAsAdmin(agency);
    const signIn = await browser.newPage();
    const clinic = await clinicWithOwner(agency, signIn, baseURL!, run, { brandColor: '#0f766e' });
    const cookies = await signIn.context().cookies();
    await agency.close();
    await signIn.close();

    // The owner's phone: a browser profile of its own, since Chrome never installs from a private window
    // (the journeys' other pages are in one), with the owner's session.
    const profile = mkdtempSync(join(tmpdir(), 'portal-pwa-'));
    const phone = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_FLAGS],
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = phone.pages()[0] ?? (await phone.newPage());
    try {
      // The login's first paint fetches no manifest; once the visitor starts signing in, the portal links it.
      await page.goto('/portal/login');
      await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
      await page.getByLabel('Email').fill(`owner.${run}@juniper-clinic.example`);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('crossorigin', 'use-credentials');
      await phone.addCookies(cookies);

      // The signed-in owner opens the portal; it links its manifest, which names their clinic.
      await page.goto('/portal/leads');
      await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/portal/manifest.webmanifest');
      const cdp = await phone.newCDPSession(page);
      const { url, data } = (await cdp.send('Page.getAppManifest')) as { url: string; data: string };
      expect(url).toBe(new URL('/portal/manifest.webmanifest', baseURL).href);
      expect(JSON.parse(data)).toMatchObject({ name: `${clinic.name} · Clinic Portal`, theme_color: '#0f766e', start_url: '/portal/', display: 'standalone' });

      // Its worker takes the portal over; Chrome then finds nothing in the way of installing it
      // (the check Lighthouse's installability audit made).
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(new URL('/portal-sw.js', baseURL).href);
      await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect.poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, { timeout: 15_000 }).toEqual([]);
      const icon = await page.request.get(`/portal/icons/icon-512-maskable.png?colour=0f766e`);
      expect(icon.headers()['content-type']).toBe('image/png');

      // The connection goes: the open portal says so, and a portal page opened now is the offline page.
      await phone.setOffline(true);
      await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toContainText('Nothing you change is saved until you are back online.');
      await keepScreen(page, { path: screenPath('portal-offline-banner') });
      await page.goto('/portal/tasks');
      await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
      await keepScreen(page, { path: screenPath('portal-offline') });
      expect(page.url()).toBe(new URL('/portal/tasks', baseURL).href);

      // Back online, 'Try again' opens the page that was asked for.
      await phone.setOffline(false);
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible({ timeout: 20_000 });

      // What the worker keeps: the offline page and the build's hashed files, never the API or a portal page.
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
      });
      expect(kept).toContain('/portal/offline');
      expect(kept.filter((path) => path !== '/portal/offline' && !/^\/(assets|remotes\/admin\/assets)\//.test(path))).toEqual([]);
      expect(kept.length).toBeGreaterThan(1);
    } finally {
      await phone.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
