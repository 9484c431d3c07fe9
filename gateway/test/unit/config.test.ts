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
