import sharp from 'sharp';
import { DEMO_ART_TEMPLATES, DEMO_BEFORE_AFTER_SIZE, DEMO_HERO_SIZE } from '@hap/contracts';
import { TEMPLATE_PALETTES, beforeAfterSvg, heroSvg } from '../../src/db/demo-images/template-art';

describe('demo template art', () => {
  it.each(DEMO_ART_TEMPLATES.map((t) => t.slug))('draws %s without text, in its own palette', (slug) => {
    const palette = TEMPLATE_PALETTES[slug];
    const svgs = [heroSvg(slug, palette), beforeAfterSvg(slug, palette, 0, 'before'), beforeAfterSvg(slug, palette, 1, 'after')];
    for (const svg of svgs) {
      expect(svg).not.toMatch(/<text|<image|href=/);
    }
    expect(svgs[0]).toContain(palette.deep);
    expect(svgs[2]).toContain(palette.deep);
    // The "before" washes the palette towards grey: its deep tone is not the template's.
    expect(svgs[1]).not.toContain(palette.deep);
  });

  it('renders at the sizes the contracts name', async () => {
    const hero = await sharp(Buffer.from(heroSvg('trt', TEMPLATE_PALETTES.trt))).metadata();
    expect({ width: hero.width, height: hero.height }).toEqual(DEMO_HERO_SIZE);
    const after = await sharp(Buffer.from(beforeAfterSvg('ed', TEMPLATE_PALETTES.ed, 0, 'after'))).metadata();
    expect({ width: after.width, height: after.height }).toEqual(DEMO_BEFORE_AFTER_SIZE);
  });

  it('mirrors every other story, so a template’s two pairs differ', () => {
    const palette = TEMPLATE_PALETTES.plong;
    expect(beforeAfterSvg('plong', palette, 0, 'after')).not.toContain('scale(-1 1)');
    expect(beforeAfterSvg('plong', palette, 1, 'after')).toContain('scale(-1 1)');
  });
});
