import { FINAL_URL_SUFFIX, keywordAllowList, keywordHeadline, keywordKey, keywordParamKey, matchKeyword, messageMatchUrl, MESSAGE_MATCH_PARAM } from '../src';

describe('message match: a landing URL’s kw against the page’s ad keywords', () => {
  const allowed = keywordAllowList(['TRT clinic', 'low testosterone treatment', '[testosterone therapy]', '"low t doctor"', 'TRT Clinic', '   ']);

  it('the final URL suffix passes Google’s campaign id and keyword as hap_cid and kw', () => {
    expect(MESSAGE_MATCH_PARAM).toBe('kw');
    expect(FINAL_URL_SUFFIX).toBe('hap_cid={campaignid}&kw={keyword}');
  });

  it('keeps each keyword once, by its key, with the first text written and without match-type marks', () => {
    expect([...allowed.entries()]).toEqual([
      ['trt clinic', 'TRT clinic'],
      ['low testosterone treatment', 'low testosterone treatment'],
      ['testosterone therapy', 'testosterone therapy'],
      ['low t doctor', 'low t doctor'],
    ]);
    expect(keywordKey('  Low\u00a0 TESTOSTERONE\ttreatment ')).toBe('low testosterone treatment');
  });

  it('a kw that is one of them, whatever its case, spacing or marks, gives the allow-list’s text', () => {
    expect(matchKeyword(allowed, 'trt clinic')).toBe('TRT clinic');
    expect(matchKeyword(allowed, '  TRT   CLINIC ')).toBe('TRT clinic');
    expect(matchKeyword(allowed, '[Testosterone Therapy]')).toBe('testosterone therapy');
    expect(matchKeyword(allowed, '+low +t +doctor')).toBe('low t doctor');
  });

  it('anything else names no keyword: the page keeps its own headline', () => {
    expect(matchKeyword(allowed, 'trt clinic near me')).toBeNull();
    expect(matchKeyword(allowed, '<script>alert(1)</script>')).toBeNull();
    expect(matchKeyword(allowed, '')).toBeNull();
    expect(matchKeyword(allowed, null)).toBeNull();
    expect(matchKeyword(allowed, '[]""++')).toBeNull();
    // Too long to be any keyword of ours: not even looked up.
    expect(keywordParamKey('a'.repeat(81))).toBeNull();
    expect(keywordParamKey(`${'x '.repeat(200)}`)).toBeNull();
    expect(keywordParamKey('trt')).toBe('trt');
  });

  it('the headline capitalises each word’s first letter and keeps the rest as written', () => {
    expect(keywordHeadline('TRT clinic near me')).toBe('TRT Clinic Near Me');
    expect(keywordHeadline('low testosterone treatment')).toBe('Low Testosterone Treatment');
    expect(keywordHeadline('ed treatment')).toBe('Ed Treatment');
    expect(keywordHeadline("men's low-t clinic")).toBe("Men's Low-t Clinic");
  });

  it('a word the page writes with a capital past its first letter, or as one capital, is written as the page writes it', () => {
    const page = ['Testosterone Replacement Therapy (TRT)', 'Restore Your Energy with TRT'];
    expect(keywordHeadline('trt clinic near me', page)).toBe('TRT Clinic Near Me');
    expect(keywordHeadline('coolsculpting cost', ['CoolSculpting'])).toBe('CoolSculpting Cost');
    expect(keywordHeadline('ed treatment', ['ED Treatment'])).toBe('ED Treatment');
    expect(keywordHeadline('low-t therapy', ['Low-T Therapy'])).toBe('Low-T Therapy');
    // Only words with a capital past their first letter, or one capital alone: 'Restore' changes nothing.
    expect(keywordHeadline('restore energy', page)).toBe('Restore Energy');
  });

  it('the page an ad group lands on is its final URL with the keyword as kw, the query kept', () => {
    expect(messageMatchUrl('https://app.healthads.test/trt?client=12', 'low t doctor')).toBe('https://app.healthads.test/trt?client=12&kw=low+t+doctor');
    expect(messageMatchUrl('https://apex.example/trt', 'TRT clinic')).toBe('https://apex.example/trt?kw=TRT+clinic');
  });
});
