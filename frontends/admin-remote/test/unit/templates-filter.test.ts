import type { ServiceTemplate } from '@hap/contracts';
import { ALL_CATEGORIES, categoriesOf, filterTemplates, templatePreviewUrl } from '../../src/templates/templates-filter';

const template = (id: number, name: string, slug: string, description: string, category: string) => ({ id, name, slug, description, category }) as ServiceTemplate;
const all = [
  template(1, 'Testosterone Replacement', 'trt', 'Restore energy and drive.', 'Men’s Health'),
  template(2, 'Weight Loss', 'weight-loss', 'Medical weight management with GLP-1.', 'Weight Management'),
  template(3, 'CoolSculpting', 'coolsculpting', 'Freeze away stubborn fat.', 'Aesthetics'),
];

describe('Service Templates browse filter (docs/admin.md)', () => {
  it.each([
    ['testosterone', [1]], // name
    ['WEIGHT-LOSS', [2]], // slug, any case
    ['freeze', [3]], // description
    ['aesthetics', [3]], // category name
    ['  ', [1, 2, 3]],
    ['botox', []],
  ])('search %p keeps %p', (search, ids) => expect(filterTemplates(all, search, ALL_CATEGORIES).map((t) => t.id)).toEqual(ids));

  it('keeps one category, with the search on top', () => {
    expect(filterTemplates(all, '', 'Weight Management').map((t) => t.id)).toEqual([2]);
    expect(filterTemplates(all, 'trt', 'Weight Management')).toEqual([]);
  });

  it('lists each category once, sorted', () => {
    expect(categoriesOf([...all, template(4, 'ED', 'ed', 'x', 'Men’s Health')])).toEqual(['Aesthetics', 'Men’s Health', 'Weight Management']);
  });

  it('previews a template on client 1, as the preview variant', () => expect(templatePreviewUrl('trt')).toBe('/trt?client=1&preview=1'));
});
