import { expect, test, type Page } from '@playwright/test';
import { keepScreen } from '../support/screens';

/**
 * React's own module defines each hook as `exports.useState = function …`,
 * which minified stays `.useState=function(`: a script that carries a copy
 * of React has it, react-dom and the rest do not.
 */
const REACT_COPY = /\.useState=function\(/;

const SINGLETONS = ['react', 'react-dom', 'react-router', '@tanstack/react-query'] as const;

interface FederationInstance {
  name: string;
  loadShare(pkg: string): Promise<false | (() => unknown)>;
}

interface RemoteManifest {
  shared: Array<{ name: string; assets: { js: { async: string[]; sync: string[] } } }>;
}

test.describe('admin through module federation', () => {
  test("the remote renders with the host page's one React, router and QueryClient", async ({ page, request }) => {
    const scripts: Array<Promise<{ path: string; body: string }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.text().then((body) => ({ path: new URL(response.url()).pathname, body })));
    });
    await page.goto('/admin/login');
    await expect(page.getByText('Admin Login').first()).toBeVisible();
    // The admin loads when the visitor starts using the form; the remote's form then replaces the frame's.
    await page.getByLabel('Email').click();
    await expect(page.locator('#admin-login-frame')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await keepScreen(page, { path: `${__dirname}/../.artifacts/admin-login-${test.info().project.name}.png`, fullPage: true });
    const loaded = await Promise.all(scripts);

    // The remote ships React as its fallback, and the marker finds that copy…
    const manifest = (await (await request.get('/remotes/admin/mf-manifest.json')).json()) as RemoteManifest;
    const [fallback] = manifest.shared.find((share) => share.name === 'react')?.assets.js.async ?? [];
    expect(fallback).toBeDefined();
    const fallbackWrapper = await (await request.get(`/remotes/admin/${fallback}`)).text();
    const fallbackCopy = /from"\.\/(react-[\w-]+\.js)"/.exec(fallbackWrapper)?.[1];
    expect(fallbackCopy).toBeDefined();
    expect(await (await request.get(`/remotes/admin/assets/${fallbackCopy}`)).text()).toMatch(REACT_COPY);

    // …but the page loaded one copy only, the host's.
    const withReact = loaded.filter((script) => REACT_COPY.test(script.body)).map((script) => script.path);
    expect(withReact).toHaveLength(1);
    expect(withReact[0]).toMatch(/^\/assets\/admin\//);
    expect(loaded.some((script) => script.path.startsWith('/remotes/admin/'))).toBe(true);

    // The federation runtime hands the remote the host's very module instances.
    const same = await page.evaluate(async (packages) => {
      const federation = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: FederationInstance[] } }).__FEDERATION__;
      const host = federation.__INSTANCES__.find((instance) => instance.name === 'public_shell');
      const remote = federation.__INSTANCES__.find((instance) => instance.name === 'admin');
      if (!host || !remote) return null;
      const result: Record<string, boolean> = {};
      for (const name of packages) {
        const [fromHost, fromRemote] = await Promise.all([host.loadShare(name), remote.loadShare(name)]);
        result[name] = Boolean(fromHost && fromRemote && fromHost() === fromRemote());
      }
      return result;
    }, SINGLETONS);
    expect(same).toEqual(Object.fromEntries(SINGLETONS.map((name) => [name, true])));
  });

  test('a remote that cannot be loaded gives the error screen with its sentence once the admin starts using the form', async ({ page }) => {
    await page.route('**/remotes/admin/remoteEntry.js', (route) => route.abort());
    await page.goto('/admin/login');
    await page.getByLabel('Email').click();
    await expect(page.getByRole('alert')).toContainText('The admin dashboard could not be loaded.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  /** Holds the remote's entry until `release()`: what the page does before the admin is live. */
  async function holdRemote(page: Page) {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/remotes/admin/remoteEntry.js', async (route) => {
      await held;
      await route.continue();
    });
    return () => release();
  }

  test('/admin/login is a working form before the admin loads; the remote’s form takes over what was typed and the focus, without a shift', async ({ page }) => {
    const release = await holdRemote(page);
    // The server names the remote's files up front (read from its federation manifest, retried
    // every few seconds until the gateway answers): the page's loader preloads them after load, in parallel.
    await expect
      .poll(async () => (await page.request.get('/admin/login')).text(), { timeout: 15_000 })
      .toMatch(/data-preload="[^"]*\/remotes\/admin\/remoteEntry\.js[^"]*\/remotes\/admin\/assets\/AdminApp-[\w-]+\.js/);
    await page.goto('/admin/login');
    const title = page.getByRole('heading', { name: 'Admin Login' });
    await expect(title).toBeVisible();
    const before = await title.boundingBox();
    // Nothing of the admin has run: it waits for the visitor.
    expect(await page.evaluate(() => '__FEDERATION__' in globalThis)).toBe(false);
    await keepScreen(page, { path: `${__dirname}/../.artifacts/admin-login-frame-${test.info().project.name}.png` });

    // Typing into the server's form starts the admin; the remote is held, so the frame stays.
    await page.getByLabel('Email').pressSequentially('admin@exam');
    await expect(page.locator('#admin-login-frame')).toBeVisible();
    release();
    await expect(page.locator('#admin-login-frame')).toHaveCount(0);
    const email = page.getByLabel('Email');
    await expect(email).toHaveValue('admin@exam');
    await expect(email).toBeFocused();
    await page.keyboard.type('ple.com');
    await expect(email).toHaveValue('admin@example.com');
    expect(await page.getByRole('heading', { name: 'Admin Login' }).boundingBox()).toEqual(before);
  });

  test('/admin/login painted before its whole page has arrived: the rest arriving moves nothing', async ({ page }) => {
    await page.goto('/admin/login');
    const title = page.getByRole('heading', { name: 'Admin Login' });
    const whole = await title.boundingBox();
    expect(whole).not.toBeNull();
    // The same page cut where the card's form begins: what a phone paints while the rest is on the way
    // (Lighthouse saw the card grow then, and the centred card with everything above it moved: CLS 0.103).
    await page.route('**/admin/login', async (route) => {
      const html = await (await route.fetch()).text();
      const cut = html.indexOf('<form id="admin-login-frame"');
      expect(cut).toBeGreaterThan(0);
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html.slice(0, cut) });
    });
    await page.goto('/admin/login');
    await expect(page.locator('#admin-login-frame')).toHaveCount(0);
    expect(await title.boundingBox()).toEqual(whole);
  });

  test('a Login pressed before the admin is live is pressed again once it is: the admin is logged in', async ({ page }) => {
    const release = await holdRemote(page);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(process.env.E2E_ADMIN_EMAIL ?? '');
    await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD ?? '');
    await page.getByRole('button', { name: 'Login' }).click();
    // Held, never sent natively: the address carries nothing.
    await expect(page.locator('#admin-login-frame')).toBeVisible();
    expect(page.url()).toMatch(/\/admin\/login$/);
    release();
    await expect(page).toHaveURL(/\/admin\/clients$/);
  });

  test("public pages load no federation runtime: the entry and their own view's chunks only", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/?client=2');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /^\/assets\/index-[\w-]+\.js$/.test(s))).toHaveLength(1);
    // The home view's chunk, never another view's, the admin's or the remote's.
    expect(scripts.some((s) => /^\/assets\/HomePage-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.every((s) => s.startsWith('/assets/') && !s.startsWith('/assets/admin/'))).toBe(true);
    expect(scripts.some((s) => /ServicePage|UnifiedPage|ClientLandingPage|remoteEntry/.test(s))).toBe(false);
    expect(await page.evaluate(() => '__FEDERATION__' in globalThis)).toBe(false);
  });
});
