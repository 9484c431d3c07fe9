import { iconColourOf, portalIconSvg, shortNameOf, SHORT_NAME_MAX } from '../../server/portal-manifest';

/** The installable portal's pure rules (docs/portal.md#installable-portal). */
describe('shortNameOf: the name under the icon on a home screen', () => {
  it.each([
    ['Apex Health', 'Apex Health'],
    ['  Apex   Health ', 'Apex Health'],
    ['Riverside Men’s Health & Wellness', 'Riverside'],
    ['Dr Lee Family Practice', 'Dr Lee'],
    ['Supercalifragilistic Clinic', 'Supercalifr…'],
  ])('%s → %s', (name, short) => {
    expect(shortNameOf(name)).toBe(short);
    expect(shortNameOf(name).length).toBeLessThanOrEqual(SHORT_NAME_MAX);
  });
});

describe('iconColourOf', () => {
  it('is the colour as #rrggbb, or the default brand colour when it is none', () => {
    expect(iconColourOf('#0F766E')).toBe('#0f766e');
    expect(iconColourOf('#abc')).toBe('#aabbcc');
    expect(iconColourOf(null)).toBe('#37a2d4');
    expect(iconColourOf('teal')).toBe('#37a2d4');
  });
});

describe('portalIconSvg', () => {
  it('draws a dark cross on a light colour, a white one on a dark colour', () => {
    expect(portalIconSvg(192, '#fde68a', false)).not.toContain('fill="#ffffff"');
    expect(portalIconSvg(192, '#0f766e', false)).toContain('fill="#ffffff"');
  });
  it('fills a maskable icon to its corners and rounds the other', () => {
    expect(portalIconSvg(512, '#0f766e', true)).toContain('rx="0"');
    expect(portalIconSvg(512, '#0f766e', false)).toContain('rx="112"');
  });
});
