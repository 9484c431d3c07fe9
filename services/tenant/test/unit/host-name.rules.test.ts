import { CustomDomainMessages as M } from '@hap/contracts';
import { checkHostName } from '../../src/modules/custom-domain/host-name.rules';

const PLATFORM = ['edge.healthads.test', 'app.healthads.test'];
const accepted = (input: string) => checkHostName(input, PLATFORM);
const refused = (input: string) => {
  const result = checkHostName(input, PLATFORM);
  if (result.ok) throw new Error(`${input} was accepted as ${result.domain}`);
  return result.message;
};

describe('custom domain host name rules', () => {
  it.each([
    ['www.clinic.com', 'www.clinic.com'],
    ['  WWW.Clinic.COM  ', 'www.clinic.com'],
    ['clinic.com.', 'clinic.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['MÜNCHEN-ärzte.example', 'xn--mnchen-rzte-r8a91a.example'],
    ['trt.clinic.co.uk', 'trt.clinic.co.uk'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    ['other-healthads.test', 'other-healthads.test'],
  ])('accepts %j as %j (lower case, IDN as punycode)', (input, domain) => {
    expect(accepted(input)).toEqual({ ok: true, domain });
  });

  it.each(['127.0.0.1', '10.0.0.1', '::1', '[::1]', '[2001:db8::1]', '2130706433', '0x7f.1', '192.168.1', 'clinic.123'])('refuses the IP literal %j', (input) => {
    expect(refused(input)).toBe(M.ipLiteral);
  });

  it.each(['*.clinic.com', '*', 'www.*.clinic.com'])('refuses the wildcard %j', (input) => {
    expect(refused(input)).toBe(M.wildcard);
  });

  it.each(['https://www.clinic.com', 'http://clinic.com/trt', 'clinic.com:8443', 'clinic.com/about', 'user@clinic.com', 'clinic.com?x=1', 'www clinic.com'])(
    'refuses %j: only a host name, not a URL (a pasted URL is not guessed at)',
    (input) => {
      expect(refused(input)).toBe(M.notHostOnly);
    },
  );

  it.each(['localhost', 'clinic', 'xn--bcher-kva'])('refuses the single label %j', (input) => {
    expect(refused(input)).toBe(M.oneLabel);
  });

  it.each(['-clinic.com', 'clinic-.com', 'cli_nic.com', 'clinic..com', '.clinic.com', 'xn--zz.com', 'a\u200B\u0000.com'])('refuses the bad name %j', (input) => {
    expect(refused(input)).toBe(M.badName);
  });

  it('refuses a label over 63 characters and a name over 253', () => {
    expect(refused(`${'a'.repeat(64)}.com`)).toBe(M.tooLong);
    expect(refused(`${Array.from({ length: 64 }, () => 'abc').join('.')}.com`)).toBe(M.tooLong);
    expect(accepted(`${'a'.repeat(63)}.com`).ok).toBe(true);
  });

  it('refuses the platform’s own hosts and names under them', () => {
    expect(refused('edge.healthads.test')).toBe(M.platformHost);
    expect(refused('EDGE.healthads.test.')).toBe(M.platformHost);
    expect(refused('evil.app.healthads.test')).toBe(M.platformHost);
  });

  it('refuses an empty value', () => {
    expect(refused('   ')).toBe(M.required);
  });
});
