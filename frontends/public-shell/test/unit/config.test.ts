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

  it('refuses the development secret in production', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET: set a real secret in production/);
    expect(readConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'a-real-secret-of-some-length' }).NODE_ENV).toBe('production');
  });
});
