import { expect, test } from '@playwright/test';

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
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${__dirname}/../.artifacts/admin-login-${test.info().project.name}.png`, fullPage: true });
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

  test('a remote that cannot be loaded gives the error screen with its sentence', async ({ page }) => {
    await page.route('**/remotes/admin/remoteEntry.js', (route) => route.abort());
    await page.goto('/admin/login');
    await expect(page.getByRole('alert')).toContainText('The admin dashboard could not be loaded.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('until the remote arrives /admin/login shows the login card’s frame, preloaded files and all, and the form takes its place without a shift', async ({ page }) => {
    // The remote's entry is held until the frame has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/remotes/admin/remoteEntry.js', async (route) => {
      await held;
      await route.continue();
    });
    // The server names the remote's files up front (read from its federation manifest, retried
    // every few seconds until the gateway answers), so they load in parallel.
    await expect
      .poll(async () => (await page.request.get('/admin/login')).text(), { timeout: 15_000 })
      .toMatch(/<link rel="modulepreload" fetchpriority="low" href="\/remotes\/admin\/remoteEntry\.js">/);
    const response = await page.goto('/admin/login', { waitUntil: 'commit' });
    expect((await response?.text()) ?? '').toMatch(/<link rel="modulepreload" fetchpriority="low" href="\/remotes\/admin\/assets\/AdminApp-[\w-]+\.js">/);
    const title = page.getByRole('heading', { name: 'Admin Login' });
    await expect(title).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading admin dashboard...');
    await expect(page.getByRole('textbox')).toHaveCount(0);
    const before = await title.boundingBox();
    await page.screenshot({ path: `${__dirname}/../.artifacts/admin-login-frame-${test.info().project.name}.png` });

    release();
    await expect(page.getByLabel('Email')).toBeVisible();
    const after = await page.getByRole('heading', { name: 'Admin Login' }).boundingBox();
    expect(after).toEqual(before);
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
