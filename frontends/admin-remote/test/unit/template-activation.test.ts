import { clientFromSearch, countActive, isTemplateActive } from '../../src/activated/template-activation';

const trt = { id: 1, slug: 'trt' };
const botox = { id: 7, slug: 'botox' };

describe('Activated templates: is a template active for the client (docs/admin.md)', () => {
  it('matches a numeric template id', () => expect(isTemplateActive(trt, [{ templateId: 1 }])).toBe(true));
  it('matches numeric text', () => expect(isTemplateActive(trt, [{ templateId: ' 1 ' }])).toBe(true));
  it('matches a slug given where an id is expected, in any case', () => expect(isTemplateActive(trt, [{ templateId: 'TRT' }])).toBe(true));
  it('matches by the entry’s slug', () => expect(isTemplateActive(botox, [{ templateId: 99, slug: 'botox' }])).toBe(true));
  it('does not match another template', () => expect(isTemplateActive(botox, [{ templateId: 1, slug: 'trt' }])).toBe(false));
  it('does not match a longer id that starts alike', () => expect(isTemplateActive(trt, [{ templateId: 11 }])).toBe(false));
  it('ignores empty entries', () => expect(isTemplateActive({ id: 3, slug: '' }, [{ templateId: null, slug: '' }, {}])).toBe(false));
  it('is false with no active templates', () => expect(isTemplateActive(trt, [])).toBe(false));
  it('counts the active ones', () => expect(countActive([trt, botox, { id: 3, slug: 'x' }], [{ templateId: 'botox' }, { templateId: 3 }])).toBe(2));
});

describe('Activated templates: the client from ?client=', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['2', 2],
    ['0', 1],
    ['-3', 1],
    ['2x', 1],
    ['12', 12],
  ])('%p → %p', (value, client) => expect(clientFromSearch(value)).toBe(client));
});
