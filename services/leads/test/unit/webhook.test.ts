import { createHmac } from 'node:crypto';
import { isAcceptableWebhookUrl } from '@hap/contracts';
import type { LookupAddress } from 'node:dns';
import { publicOnlyLookup, signWebhook, type Resolve } from '../../src/modules/delivery/webhook';

describe('webhook signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const body = '{"event":"lead.created"}';
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    expect(signWebhook('whsec_test', 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('changes with the body, the time and the secret', () => {
    const base = signWebhook('a', 1, 'x');
    expect(signWebhook('a', 1, 'y')).not.toBe(base);
    expect(signWebhook('a', 2, 'x')).not.toBe(base);
    expect(signWebhook('b', 1, 'x')).not.toBe(base);
  });
});

describe('webhook URLs admins may set', () => {
  // The full table is the contracts' (public-address.test.ts); these are the ones a worker would have been sent to.
  it.each([
    ['https://crm.example.com/hook', true],
    ['http://127.0.0.1:9000/h', false],
    ['http://localhost/h', false],
    ['https://127.0.0.1/h', false],
    ['https://[::127.0.0.1]/h', false],
    ['https://2130706433/h', false],
    ['http://crm.example.com/hook', false],
    ['https://user:secret@crm.example.com/h', false],
    ['ftp://crm.example.com', false],
    ['crm.example.com', false],
  ])('%s → %s', (url, ok) => expect(isAcceptableWebhookUrl(url)).toBe(ok));
});

describe('the connect-time address check', () => {
  /** A resolver answering `addresses` for any name: no DNS, no connection. */
  const answering =
    (...addresses: string[]): Resolve =>
    (_host, _options, callback) =>
      callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  const lookup = (resolve: Resolve, all = false) =>
    new Promise<{ err: Error | null; address: string | LookupAddress[] }>((done) =>
      publicOnlyLookup(resolve)('hooks.clinic.example.com', { all }, (err, address) => done({ err, address })),
    );

  it('connects to a name whose every address is global unicast', async () => {
    expect(await lookup(answering('93.184.216.34', '2606:2800:220:1::1'))).toEqual({ err: null, address: '93.184.216.34' });
    expect((await lookup(answering('93.184.216.34', '2606:2800:220:1::1'), true)).address).toHaveLength(2);
  });

  it.each([
    [['198.18.0.7']],
    [['93.184.216.34', '10.0.0.5']],
    [['2606:2800:220:1::1', '::7f00:1']],
    [['64:ff9b::a9fe:a9fe']],
    [['2002:a00:1::1']],
    [['100.64.3.4']],
    [['224.0.0.251']],
  ])('refuses a name when any of its addresses %j is not public', async (addresses) => {
    const { err } = await lookup(answering(...addresses));
    expect(err?.message).toMatch(/^The webhook's host hooks\.clinic\.example\.com is not a public address \(.+\); webhooks only reach public hosts\.$/);
  });
});
