import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminRemoteAssets, manifestLocation, preloadTags, type RemoteManifest } from '../../server/admin-remote-assets';

/** The shape @module-federation/vite writes (frontends/admin-remote/dist/mf-manifest.json), cut down. */
const manifest = (publicPath = '/remotes/admin/'): RemoteManifest & Record<string, unknown> => ({
  id: 'admin',
  metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [],
  exposes: [
    {
      name: 'AdminApp',
      assets: {
        js: { sync: ['assets/AdminApp-abc.js', 'assets/utils-def.js'] },
        css: { sync: ['assets/AdminApp-123.css'] },
      },
    },
  ],
});

describe('where the admin remote’s manifest is', () => {
  it.each([
    ['/remotes/admin/remoteEntry.js', 'http://127.0.0.1:8080/remotes/admin/mf-manifest.json', '/remotes/admin/'],
    ['/remotes/admin/mf-manifest.json', 'http://127.0.0.1:8080/remotes/admin/mf-manifest.json', '/remotes/admin/'],
    ['https://cdn.example.com/admin/v2/remoteEntry.js', 'https://cdn.example.com/admin/v2/mf-manifest.json', 'https://cdn.example.com/admin/v2/'],
  ])('%s → read at %s, files under %s', (remoteUrl, fetchUrl, browserBase) => {
    expect(manifestLocation(remoteUrl, 'http://127.0.0.1:8080')).toEqual({ fetchUrl, browserBase });
  });
});

describe('the preload tags of /admin/*', () => {
  it('preload the entry and the exposed module’s scripts as modules, and its stylesheet', () => {
    expect(preloadTags(manifest(), '/remotes/admin/').split('\n    ')).toEqual([
      '<link rel="modulepreload" fetchpriority="low" href="/remotes/admin/remoteEntry.js">',
      '<link rel="modulepreload" fetchpriority="low" href="/remotes/admin/assets/AdminApp-abc.js">',
      '<link rel="modulepreload" fetchpriority="low" href="/remotes/admin/assets/utils-def.js">',
      '<link rel="preload" as="style" fetchpriority="low" href="/remotes/admin/assets/AdminApp-123.css">',
    ]);
  });

  it('a remote on another site: its own address, fetched with CORS', () => {
    const tags = preloadTags(manifest(), 'https://cdn.example.com/admin/v2/');
    expect(tags).toContain('<link rel="modulepreload" fetchpriority="low" href="https://cdn.example.com/admin/v2/remoteEntry.js" crossorigin>');
    expect(tags).toContain('<link rel="preload" as="style" fetchpriority="low" href="https://cdn.example.com/admin/v2/assets/AdminApp-123.css" crossorigin>');
  });

  it('an absolute public path wins', () => {
    expect(preloadTags(manifest('https://static.example.com/a/'), '/remotes/admin/')).toContain('href="https://static.example.com/a/remoteEntry.js" crossorigin');
  });

  it('a manifest without the exposed module still preloads the entry', () => {
    expect(preloadTags({ ...manifest(), exposes: [] }, '/remotes/admin/')).toBe('<link rel="modulepreload" fetchpriority="low" href="/remotes/admin/remoteEntry.js">');
  });

  it('a file name cannot break out of its attribute', () => {
    const evil = manifest();
    evil.exposes[0]!.assets.css.sync = ['assets/x"><script>alert(1)</script>.css'];
    expect(preloadTags(evil, '/remotes/admin/')).not.toContain('"><script>');
  });
});

describe('reading the manifest through the gateway', () => {
  let server: Server;
  let base: string;
  let answers: Array<() => [number, string]>;
  let reads: number;

  beforeEach(async () => {
    reads = 0;
    answers = [];
    server = createServer((req, res) => {
      reads++;
      const [status, body] = (answers.shift() ?? (() => [404, 'Not Found'] as [number, string]))();
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

  it('has no tags until the first read, then the manifest’s', async () => {
    answers.push(() => [200, JSON.stringify(manifest())]);
    const assets = adminRemoteAssets({ remoteUrl: '/remotes/admin/remoteEntry.js', gatewayUrl: base, timeoutMs: 1000, log });
    expect(assets.tags()).toBe('');
    await assets.refreshing();
    expect(assets.tags()).toContain('href="/remotes/admin/remoteEntry.js"');
    expect(reads).toBe(1);
  });

  it('keeps the last tags when a later read fails', async () => {
    answers.push(() => [200, JSON.stringify(manifest())], () => [503, 'down']);
    const assets = adminRemoteAssets({ remoteUrl: '/remotes/admin/remoteEntry.js', gatewayUrl: base, timeoutMs: 1000, maxAgeMs: 0, log });
    await assets.refreshing();
    await new Promise((r) => setTimeout(r, 5));
    const before = assets.tags();
    await assets.refreshing();
    assets.close();
    expect(reads).toBe(2);
    expect(assets.tags()).toBe(before);
    expect(warnings.at(-1)).toMatch(/admin remote manifest not read/);
  });

  it('retries a failed read on its own (the gateway may start after the shell)', async () => {
    answers.push(() => [502, 'starting'], () => [200, JSON.stringify(manifest())]);
    const assets = adminRemoteAssets({ remoteUrl: '/remotes/admin/remoteEntry.js', gatewayUrl: base, timeoutMs: 1000, retryMs: 20, log });
    await assets.refreshing();
    expect(assets.tags()).toBe('');
    await new Promise((r) => setTimeout(r, 100));
    expect(reads).toBe(2);
    expect(assets.tags()).toContain('remoteEntry.js');
    assets.close();
  });

  it('a manifest of another shape gives no tags, not an error page', async () => {
    answers.push(() => [200, JSON.stringify({ hello: 'world' })]);
    const assets = adminRemoteAssets({ remoteUrl: '/remotes/admin/remoteEntry.js', gatewayUrl: base, timeoutMs: 1000, log });
    await assets.refreshing();
    assets.close();
    expect(assets.tags()).toBe('');
  });
});
