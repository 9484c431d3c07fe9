import { loadGatewayConfig } from '../../src/config';

describe('gateway configuration', () => {
  describe('ADMIN_REMOTE_ORIGIN', () => {
    const load = (value?: string) => loadGatewayConfig(value === undefined ? {} : { ADMIN_REMOTE_ORIGIN: value }).ADMIN_REMOTE_ORIGIN;

    it('is optional, and empty means unset', () => {
      expect(load()).toBeUndefined();
      expect(load('')).toBeUndefined();
      expect(load('  ')).toBeUndefined();
    });

    it.each([
      ['https://cdn.example.com', 'https://cdn.example.com'],
      ['https://cdn.example.com/', 'https://cdn.example.com'],
      ['HTTPS://CDN.Example.com:443', 'https://cdn.example.com'],
      ['http://localhost:5174', 'http://localhost:5174'],
    ])('takes %s as the origin %s', (value, origin) => {
      expect(load(value)).toBe(origin);
    });

    it.each([
      'cdn.example.com',
      'https://cdn.example.com/remotes/admin/',
      'https://cdn.example.com/?v=1',
      'https://user:pass@cdn.example.com',
      'ftp://cdn.example.com',
      "https://cdn.example.com 'unsafe-inline'",
    ])('refuses %s at boot', (value) => {
      expect(() => load(value)).toThrow(/ADMIN_REMOTE_ORIGIN: .*is not an origin like https:\/\/cdn\.example\.com/);
    });
  });
});

describe('TRUST_PROXY', () => {
  const load = (value?: string) => loadGatewayConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it.each([[undefined], [''], ['false'], ['0'], ['off']])('trusts no proxy for %j', (value) => {
    expect(load(value)).toBe(false);
  });

  it.each([
    ['true', true],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.42.0.0/16, 192.168.1.7 ,loopback', ['10.42.0.0/16', '192.168.1.7', 'loopback']],
    ['fd00::/8', ['fd00::/8']],
  ])('takes %j as %j', (value, trust) => {
    expect(load(value)).toEqual(trust);
  });

  it.each(['10.0.0.0/33', 'ingress-nginx', '1.5', '10.0.0.1/8/1', ','])('refuses %j at boot', (value) => {
    expect(() => load(value)).toThrow(/TRUST_PROXY: .*is not true\/false or a list of proxy addresses and CIDR ranges/);
  });

  it('refuses a hop count, which Fastify would take as trusting no proxy at all', () => {
    expect(() => load('1')).toThrow(/TRUST_PROXY: "1" is a hop count, which Fastify does not trust: list the proxies' addresses/);
  });
});

describe('REQUIRE_ADMIN_MFA', () => {
  const required = (env: Record<string, string>) => loadGatewayConfig({ INTERNAL_SECRET: 'a-real-secret-for-this-test-only', ...env }).adminMfaRequired;

  it('makes admins turn on two-factor sign-in in production unless it is turned off, and never outside production', () => {
    expect(required({ NODE_ENV: 'production' })).toBe(true);
    expect(required({ NODE_ENV: 'production', REQUIRE_ADMIN_MFA: 'true' })).toBe(true);
    expect(required({ NODE_ENV: 'production', REQUIRE_ADMIN_MFA: 'false' })).toBe(false);
    expect(required({ NODE_ENV: 'development' })).toBe(false);
    expect(required({ NODE_ENV: 'test', REQUIRE_ADMIN_MFA: 'true' })).toBe(false);
  });
});
