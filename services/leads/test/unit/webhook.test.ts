import { createHmac } from 'node:crypto';
import { isAcceptableWebhookUrl } from '@hap/contracts';
import { isPrivateAddress, signWebhook } from '../../src/delivery/webhook';

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

describe('addresses a webhook may not reach', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip'])(
    'refuses %s',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('webhook URLs admins may set', () => {
  it.each([
    ['https://crm.example.com/hook', true],
    ['http://127.0.0.1:9000/h', true],
    ['http://localhost/h', true],
    ['http://[::1]:8080/h', true],
    ['http://crm.example.com/hook', false],
    ['https://user:secret@crm.example.com/h', false],
    ['ftp://crm.example.com', false],
    ['crm.example.com', false],
  ])('%s → %s', (url, ok) => expect(isAcceptableWebhookUrl(url)).toBe(ok));
});
