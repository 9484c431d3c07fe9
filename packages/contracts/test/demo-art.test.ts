import { DEMO_ART_PATHS, DEMO_ART_TEMPLATES, DEMO_BEFORE_AFTER_SIZE, DEMO_HERO_SIZE, DEMO_TEMPLATE_ART } from '../src/templates/demo-art';
import { sizeInPath } from '../src/images';

describe('DEMO_TEMPLATE_ART', () => {
  it('gives every seeded template (TRT 1 … weight management 11) a hero and two before/after pairs', () => {
    expect(DEMO_ART_TEMPLATES.map((t) => [t.id, t.slug])).toEqual([
      [1, 'trt'],
      [2, 'weight-loss'],
      [3, 'ed'],
      [4, 'plong'],
      [5, 'coolsculpting'],
      [6, 'semaglutide'],
      [11, 'weight-management'],
    ]);
    for (const { slug } of DEMO_ART_TEMPLATES) {
      expect(DEMO_TEMPLATE_ART[slug].hero).toBe(`/uploads/templates/demo-${slug}-hero-v1.1920x1080.jpg`);
      expect(DEMO_TEMPLATE_ART[slug].stories).toHaveLength(2);
    }
  });

  it('names every picture with its size (pages build the srcset from the path alone), each path once', () => {
    for (const art of Object.values(DEMO_TEMPLATE_ART)) {
      expect(sizeInPath(art.hero)).toEqual(DEMO_HERO_SIZE);
      for (const pair of art.stories) {
        expect(sizeInPath(pair.before)).toEqual(DEMO_BEFORE_AFTER_SIZE);
        expect(sizeInPath(pair.after)).toEqual(DEMO_BEFORE_AFTER_SIZE);
      }
    }
    expect(DEMO_ART_PATHS).toHaveLength(7 * 5);
    expect(new Set(DEMO_ART_PATHS).size).toBe(DEMO_ART_PATHS.length);
    for (const path of DEMO_ART_PATHS) expect(path).toMatch(/^\/uploads\/templates\/demo-[a-z0-9-]+-v\d+\.\d+x\d+\.jpg$/);
  });
});
