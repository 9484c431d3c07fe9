import { readConfig } from '../../server/config';

describe('readConfig', () => {
  it('works on one machine with no variables set', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ HOST: '127.0.0.1', PORT: 4100, GATEWAY_URL: 'http://127.0.0.1:8080', API_TIMEOUT_MS: 1500, LOG_LEVEL: 'info' });
    expect(config.ADMIN_REMOTE_URL).toBeUndefined();
  });

  it('reads the variables, trims the gateway URL and treats empty ones as unset', () => {
    const config = readConfig({ PORT: '4200', GATEWAY_URL: 'http://gateway:8080/', API_TIMEOUT_MS: '300', HOST: '', ADMIN_REMOTE_URL: 'https://cdn.example.com/admin/mf-manifest.json' });
    expect(config).toMatchObject({ PORT: 4200, GATEWAY_URL: 'http://gateway:8080', API_TIMEOUT_MS: 300, HOST: '127.0.0.1' });
    expect(config.ADMIN_REMOTE_URL).toBe('https://cdn.example.com/admin/mf-manifest.json');
  });

  it('stops with one line per bad variable', () => {
    expect(() => readConfig({ GATEWAY_URL: 'gateway:8080', API_TIMEOUT_MS: '5' })).toThrow(
      /GATEWAY_URL: GATEWAY_URL must be an absolute http\(s\) URL[\s\S]*API_TIMEOUT_MS: API_TIMEOUT_MS must be at least 50/,
    );
  });

  it('keeps rendered pages by default (60 s without an invalidation, 64 MiB, last good copies a day), and refuses a budget under 1 MiB', () => {
    expect(readConfig({})).toMatchObject({ PAGE_CACHE_TTL_MS: 60_000, PAGE_CACHE_MAX_BYTES: 64 * 1_048_576, PAGE_CACHE_STALE_MS: 86_400_000, REDIS_PREFIX: 'hap' });
    expect(readConfig({ PAGE_CACHE_TTL_MS: '0' }).PAGE_CACHE_TTL_MS).toBe(0);
    expect(() => readConfig({ PAGE_CACHE_MAX_BYTES: '1000' })).toThrow(/PAGE_CACHE_MAX_BYTES: PAGE_CACHE_MAX_BYTES must be at least 1048576/);
  });

  it('counts page views unless PAGE_VIEWS=off', () => {
    expect(readConfig({}).PAGE_VIEWS).toBe('on');
    expect(readConfig({ PAGE_VIEWS: 'off' }).PAGE_VIEWS).toBe('off');
    expect(() => readConfig({ PAGE_VIEWS: 'no' })).toThrow(/PAGE_VIEWS: PAGE_VIEWS must be on or off/);
  });

  it('refuses the development secret in production', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET: set a real secret in production/);
    expect(readConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'a-real-secret-of-some-length' }).NODE_ENV).toBe('production');
  });
});
