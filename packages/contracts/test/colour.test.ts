import {
  contrastRatio,
  isHexColour,
  mixColours,
  parseHex,
  readableInk,
  readableShade,
  relativeLuminance,
  toHex,
} from '../src';

describe('parseHex / toHex', () => {
  it('reads short and long hex, any case', () => {
    expect(parseHex('#abc')).toEqual([170, 187, 204]);
    expect(parseHex('#FF6B00')).toEqual([255, 107, 0]);
    expect(toHex([255, 107, 0])).toBe('#ff6b00');
  });

  it('refuses what is not a hex colour', () => {
    expect(isHexColour('red')).toBe(false);
    expect(() => parseHex('#12')).toThrow('Not a hex colour');
  });
});

describe('relativeLuminance / contrastRatio (WCAG 2.x)', () => {
  it('gives 0 and 1 for black and white, 21:1 between them', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBe(1);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#fff', '#000')).toBe(21);
  });

  it('matches published ratios', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#2a9d8f')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#e76f51')).toBeCloseTo(3.09, 2);
  });
});

describe('mixColours', () => {
  it('mixes in sRGB like color-mix', () => {
    expect(mixColours('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(mixColours('#00446f', '#000000', 0.8)).toBe('#003659');
  });
});

describe('readableInk', () => {
  it('keeps white while it reaches 4.5:1', () => {
    expect(readableInk('#004aad')).toBe('#ffffff');
    expect(readableInk('#000')).toBe('#ffffff');
  });

  it('takes near-black where white falls short', () => {
    expect(readableInk('#2a9d8f')).toBe('#0f172a');
    expect(readableInk('#e76f51')).toBe('#0f172a');
    expect(readableInk('#ffeb3b')).toBe('#0f172a');
  });

  it('takes pure black on mid-tones where near-black just misses', () => {
    expect(contrastRatio('#0f172a', '#777777')).toBeLessThan(4.5);
    expect(contrastRatio('#ffffff', '#777777')).toBeLessThan(4.5);
    expect(readableInk('#777777')).toBe('#000000');
  });

  it('reads on every one of several backgrounds', () => {
    expect(readableInk(['#2a9d8f', '#ffeb3b'])).toBe('#0f172a');
    expect(readableInk(['#004aad', '#2a9d8f'])).toBe('#ffffff');
  });
});

describe('readableShade', () => {
  it('keeps a colour that already reads', () => {
    expect(readableShade('#004aad', '#ffffff')).toBe('#004aad');
  });

  it('darkens a light colour on a light surface until it reaches 4.5:1', () => {
    const shade = readableShade('#f4a261', '#ffffff');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(shade)).toBeLessThan(relativeLuminance('#f4a261'));
    // The first 5 % step that reaches it: 65 % of the colour; 70 % fell short.
    expect(shade).toBe(mixColours('#f4a261', '#000000', 0.65));
    expect(contrastRatio(mixColours('#f4a261', '#000000', 0.7), '#ffffff')).toBeLessThan(4.5);
  });

  it('lightens a dark colour on a dark surface', () => {
    const shade = readableShade('#1d3557', '#0f172a');
    expect(relativeLuminance(shade)).toBeGreaterThan(relativeLuminance('#1d3557'));
    expect(contrastRatio(shade, '#0f172a')).toBeGreaterThanOrEqual(4.5);
  });
});
