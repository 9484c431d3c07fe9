import {
  hostKey,
  isDevClientOnePath,
  isDevelopmentHost,
  pathKey,
  pathMatches,
  pickMapping,
} from '../../src/modules/resolve-client/resolve-client.rules';

describe('hostKey', () => {
  it.each([
    ['WWW.Clinic.com:443', 'www.clinic.com'],
    ['clinic.com.', 'clinic.com'],
    ['[::1]:8080', '[::1]'],
    ['::1', '[::1]'],
  ])('%s → %s', (input, expected) => expect(hostKey(input)).toBe(expected));
});

describe('pathKey', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['trt', '/trt'],
    ['/trt/', '/trt'],
    ['/trt?client=2#top', '/trt'],
    ['//', '/'],
  ])('%p → %p', (input, expected) => expect(pathKey(input)).toBe(expected));
});

describe('pathMatches', () => {
  it('matches on whole segments only', () => {
    expect(pathMatches('/', '/anything')).toBe(true);
    expect(pathMatches('/offers', '/offers')).toBe(true);
    expect(pathMatches('/offers/', '/offers/trt')).toBe(true);
    expect(pathMatches('/offers', '/offersx')).toBe(false);
    expect(pathMatches('/offers/trt', '/offers')).toBe(false);
  });
});

describe('pickMapping', () => {
  const m = (id: number, path: string, priority = 100) => ({ id, path, priority, clientId: id * 10 });

  it('takes the longest prefix, then the lowest priority, then the lowest id', () => {
    expect(pickMapping([m(1, '/'), m(2, '/a')], '/a/b')?.id).toBe(2);
    expect(pickMapping([m(3, '/a', 50), m(2, '/a', 10)], '/a')?.id).toBe(2);
    expect(pickMapping([m(5, '/a', 10), m(4, '/a/', 10)], '/a')?.id).toBe(4);
  });

  it('is null when nothing matches', () => {
    expect(pickMapping([m(1, '/a')], '/b')).toBeNull();
    expect(pickMapping([], '/')).toBeNull();
  });
});

describe('isDevelopmentHost', () => {
  it.each(['localhost', 'LOCALHOST:3000', '127.0.0.1:80', '[::1]', '::1', 'app.localhost', 'mac.local', 'x-preview.vercel.app', 'foo.replit.dev', 'dev.clinic.com'])(
    '%s is a development host',
    (host) => expect(isDevelopmentHost(host)).toBe(true),
  );

  it.each(['www.apexmenshealth.com', 'clinic.com', 'localhost.example.com', 'local.example.com', 'devonclinic.com', 'www.medevolve.com', 'clinic.dev'])('%s is not', (host) =>
    expect(isDevelopmentHost(host)).toBe(false),
  );
});

describe('isDevClientOnePath', () => {
  it('is /trt and /ed only', () => {
    expect(['/trt', '/ed', '/TRT/', '/ed?x=1'].map(isDevClientOnePath)).toEqual([true, true, true, true]);
    expect(['/', '/trt/b', '/edx', '/weightloss'].map(isDevClientOnePath)).toEqual([false, false, false, false]);
  });
});
