import { checkAdPolicy, finalUrlFindings, type AdTexts, type PolicySite } from '../src/ads/ad-policy';

/** The healthcare ad policy check's rules (docs/campaigns.md#healthcare-policy-check). */
const texts = (over: Partial<AdTexts>): AdTexts => ({ headlines: [], descriptions: [], keywords: [], ...over });
const site: PolicySite = { kind: 'domain', domain: 'www.cedar-clinic.example', failing: false };
const ruleOf = (words: string, field: 'headline' | 'description' | 'keyword' = 'headline') =>
  checkAdPolicy(texts({ [`${field}s`]: [words] }), null, null).map((f) => [f.severity, f.words, f.policy.name]);

describe('checkAdPolicy: the words', () => {
  it('stops an absolute claim, naming the words, the rule and a fix', () => {
    const [finding] = checkAdPolicy(texts({ headlines: ['Book Today', 'Guaranteed Results'] }), null, null);
    expect(finding).toEqual({
      field: 'headline',
      index: 1,
      words: 'Guaranteed',
      rule: 'Promises an outcome no treatment can: Google disapproves absolute or unrealistic health claims.',
      severity: 'block',
      suggestion: 'Say what the clinic does, not what it promises (e.g. "Personalised treatment plans").',
      policy: { name: 'Misrepresentation: unreliable or unrealistic claims', url: 'https://support.google.com/adspolicy/answer/6020955' },
    });
  });

  it.each([
    ['Semaglutide Weight Loss', 'warn', 'semaglutide'],
    ['Testosterone Injections Near You', 'warn', 'testosterone injections'],
    ['sildenafil near me', 'warn', 'sildenafil'],
  ])('asks to confirm a prescription drug: %s', (text, severity, words) => {
    const [finding] = ruleOf(text, 'keyword');
    expect(finding?.[0]).toBe(severity);
    expect(String(finding?.[1]).toLowerCase()).toBe(words);
    expect(finding?.[2]).toBe('Healthcare and medicines: prescription drugs');
  });

  it('names the condition freely: only the drug as a product needs the certification', () => {
    expect(ruleOf('low testosterone treatment', 'keyword')).toEqual([]);
  });

  it('matches whole words only, any case, and terms of several words with any spacing', () => {
    expect(ruleOf('Secure Online Booking')).toEqual([]);
    expect(ruleOf('Curated care plans')).toEqual([]);
    expect(ruleOf('Risk Free first visit')[0]?.[1]).toBe('Risk Free');
    expect(ruleOf('See before-and-after photos', 'description')[0]?.[0]).toBe('warn');
  });

  it('stops unapproved substances whatever the account', () => {
    expect(ruleOf('SARMs and peptides', 'keyword')[0]?.slice(0, 2)).toEqual(['block', 'SARMs']);
  });

  it('stops a phone number in ad text, not in a keyword', () => {
    expect(ruleOf('Call (208) 555-0134 today', 'description')[0]?.slice(0, 2)).toEqual(['block', '(208) 555-0134']);
    expect(ruleOf('clinic 2085550134', 'keyword')).toEqual([]);
  });

  it('stops words in capitals for emphasis but keeps acronyms', () => {
    expect(ruleOf('TRT Clinic in Boise')).toEqual([]);
    expect(ruleOf('BHRT and ED Care')).toEqual([]);
    const [shout] = checkAdPolicy(texts({ headlines: ['FREE Consultation'] }), null, null);
    expect(shout).toMatchObject({ words: 'FREE', severity: 'block', suggestion: 'Write "Free" instead.' });
  });

  it('stops an exclamation mark in a headline, repeated marks and gimmicky symbols anywhere', () => {
    expect(ruleOf('Book Now!')[0]?.slice(0, 2)).toEqual(['block', '!']);
    expect(ruleOf('Book your visit today!', 'description')).toEqual([]);
    expect(ruleOf('Book your visit today!!', 'description')[0]?.slice(0, 2)).toEqual(['block', '!!']);
    expect(ruleOf('Top rated ★ clinic', 'description')[0]?.[1]).toBe('★');
  });

  it('lists blocking findings before warnings, each text in its place', () => {
    const findings = checkAdPolicy(texts({ headlines: ['Ozempic Program', 'Cure Low T'], descriptions: ['Call 555-013-4567'] }), null, null);
    expect(findings.map((f) => [f.severity, f.field, f.index])).toEqual([
      ['block', 'headline', 1],
      ['block', 'description', 0],
      ['warn', 'headline', 0],
    ]);
  });

  it('finds nothing in plain, accurate copy', () => {
    expect(checkAdPolicy(texts({ headlines: ['Men’s Health Clinic', 'Same-Week Appointments'], descriptions: ['Doctor-led hormone care. Book a consultation online.'], keywords: ['trt clinic boise'] }), 'https://www.cedar-clinic.example/trt', site)).toEqual([]);
  });
});

describe('finalUrlFindings', () => {
  it("accepts the clinic's own domain over https, and a page of the platform with the clinic's id", () => {
    expect(finalUrlFindings('https://www.cedar-clinic.example/trt?style=B', site)).toEqual([]);
    expect(finalUrlFindings('http://127.0.0.1:8080/trt?client=7', { kind: 'platform', origin: 'http://127.0.0.1:8080', clientId: 7 })).toEqual([]);
  });

  it("takes the clinic's home page and its active services' pages, under any page prefix and style, and no other path", () => {
    const live = ['trt', 'weight-loss'];
    for (const url of ['https://www.cedar-clinic.example/', 'https://www.cedar-clinic.example/TRT/b', 'https://www.cedar-clinic.example/services/weight-loss?style=B'])
      expect([url, finalUrlFindings(url, site, live)]).toEqual([url, []]);
    expect(finalUrlFindings('https://www.cedar-clinic.example/ed', site, live)).toMatchObject([
      { rule: 'Is not a live page of the clinic: no active service has the path "ed".', suggestion: 'Use the page of an active service: /trt, /weight-loss.' },
    ]);
    expect(finalUrlFindings('https://www.cedar-clinic.example/ed', site, [])[0]?.suggestion).toBe('Turn the service on in Services Management first.');
  });

  it.each([
    ['https://elsewhere.example/trt', site, 'Is not on the clinic’s domain www.cedar-clinic.example.'],
    ['http://www.cedar-clinic.example/trt', site, 'Is not served over https.'],
    ['https://www.cedar-clinic.example/trt', { ...site, failing: true }, 'The clinic’s domain www.cedar-clinic.example fails its daily check: the page may not open.'],
    ['http://127.0.0.1:8080/trt?client=8', { kind: 'platform', origin: 'http://127.0.0.1:8080', clientId: 7 }, 'Is not one of the clinic’s pages on this platform.'],
    ['not a url', site, 'Is not a web address.'],
  ] as const)('stops %s', (url, where, rule) => {
    expect(finalUrlFindings(url, where as PolicySite)).toMatchObject([{ field: 'finalUrl', severity: 'block', rule, words: url }]);
  });
});
