import { domainToASCII } from 'node:url';
import { CustomDomainMessages as M } from '@hap/contracts';
import { checkHostName, isMixedScript, unicodeFormOf } from '../../src/modules/custom-domain/host-name.rules';

const PLATFORM = ['edge.healthads.test', 'app.healthads.test'];
/** As a development or test stack checks: names reserved for testing may be claimed there (not in production). */
const accepted = (input: string, allowTestNames = true) => checkHostName(input, PLATFORM, { allowTestNames });
const refused = (input: string, allowTestNames = true) => {
  const result = checkHostName(input, PLATFORM, { allowTestNames });
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

  describe('special-use and reserved names', () => {
    it.each([
      ['foo.localhost', 'localhost'],
      ['clinic.internal', 'internal'],
      ['clinic.local', 'local'],
      ['www.clinic.invalid', 'invalid'],
      ['abcdefghijklmnop.onion', 'onion'],
      ['clinic.alt', 'alt'],
      ['router.home.arpa', 'arpa'],
      ['1.0.0.127.in-addr.arpa', 'arpa'],
      ['clinic.home', 'home'],
      ['clinic.corp', 'corp'],
      ['clinic.lan', 'lan'],
      ['CLINIC.Internal.', 'internal'],
    ])('refuses %j everywhere, in words', (input, tld) => {
      const ascii = input.toLowerCase().replace(/\.$/, '');
      expect(refused(input)).toBe(M.specialUse(ascii, tld));
      expect(refused(input, false)).toBe(M.specialUse(ascii, tld));
    });

    it.each([
      ['www.clinic.test', 'test'],
      ['clinic.example', 'example'],
      ['example.com', 'com'],
      ['www.example.org', 'org'],
    ])('refuses %j in production; a test stack may claim it (its DNS is its own)', (input, tld) => {
      expect(refused(input, false)).toBe(M.specialUse(input, tld));
      expect(accepted(input).ok).toBe(true);
    });

    it('accepts ordinary names in production', () => {
      expect(accepted('www.clinic.com', false)).toEqual({ ok: true, domain: 'www.clinic.com' });
      expect(accepted('examples.com', false)).toEqual({ ok: true, domain: 'examples.com' });
      expect(accepted('clinic.health', false)).toEqual({ ok: true, domain: 'clinic.health' });
    });
  });

  describe('international names and homographs', () => {
    it.each([
      // A Cyrillic а among Latin letters: "аpple.com" is not apple.com.
      ['xn--pple-43d.com', 'аpple.com'],
      ['аpple.com', 'аpple.com'],
      // Greek ο in a Latin name.
      ['gοogle.com', 'gοogle.com'],
      ['www.pаypal.clinic.com', 'www.pаypal.clinic.com'],
    ])('refuses %j: a label mixing alphabets, shown as it reads', (input, unicode) => {
      expect(refused(input, false)).toBe(M.mixedScript(unicode, domainToASCII(input)));
    });

    it.each([
      ['bücher.de', 'xn--bcher-kva.de'],
      ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
      ['ラーメン東京.jp', 'xn--4dkp5a8a8872a9b5a.jp'],
      ['서울clinic.kr', 'xn--clinic-v05zi24a.kr'],
      ['xn--80ak6aa92e.com', 'xn--80ak6aa92e.com'],
    ])('accepts %j, one alphabet a label (or the Japanese, Chinese and Korean mixes with Latin)', (input, domain) => {
      expect(accepted(input, false)).toEqual({ ok: true, domain });
    });

    it('tells mixes apart by the Unicode script property', () => {
      expect(isMixedScript('аpple')).toBe(true);
      expect(isMixedScript('apple-123')).toBe(false);
      expect(isMixedScript('пример')).toBe(false);
      expect(isMixedScript('東京tokyo')).toBe(false);
      expect(isMixedScript('тokyo東京')).toBe(true);
    });

    it('reads a stored name back in Unicode, with a warning only when it has letters beyond a–z', () => {
      expect(unicodeFormOf('www.clinic.com')).toEqual({ unicode: 'www.clinic.com', warning: null });
      // An all-Cyrillic name that looks like apple.com: allowed, but said.
      expect(unicodeFormOf('xn--80ak6aa92e.com')).toEqual({ unicode: 'аррӏе.com', warning: M.unicodeName('аррӏе.com', 'xn--80ak6aa92e.com') });
    });
  });
});
