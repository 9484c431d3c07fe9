import type { PageSections } from '@hap/contracts';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServiceView } from '../../src/landing/ServiceView';
import { hydrationMoment } from '../../src/pages/hydration';
import type { LandingStyle } from '../../src/routes';
import { PageStateProvider } from '../../src/state/page-context';
import type { PageState } from '../../src/state/page-state';
import { lowTLanding, pageState, summitClient } from '../helpers/page-state';

// The stylesheet is the bundler's business (jest.mock is hoisted above the imports).
jest.mock('../../src/landing/landing.css', () => ({}));

/** A page's content; `ids`: as an admin's preview answers it, each item with its id. */
const templateOf = (ids: boolean) => ({
  headline: 'Get Your Energy Back',
  description: 'Hormone care built around your labs.',
  metaDescription: null,
  offer: 'Template Offer',
  heroImage: '/uploads/templates/hero.1920x1080.jpg',
  benefits: ['Energy', 'Focus'].map((title, i) => ({ ...(ids && { id: `b${i}` }), title, description: '' })),
  symptoms: [{ ...(ids && { id: 's0' }), title: 'Poor sleep', description: 'Restless nights.', icon: 'Moon' as const }],
  process: ['Consult', 'Plan'].map((title, i) => ({ ...(ids && { id: `p${i}` }), title, description: `${title} text` })),
  faqs: ['Is it safe?', 'How long?'].map((question, i) => ({ ...(ids && { id: `f${i}` }), question, answer: `${question} answer` })),
  testimonials: [{ text: 'Great care.', rating: 5, name: 'Ann' }],
  beforeAfterImages: [],
});

function state(style: LandingStyle, { sections = null, edit = false, editable = false }: { sections?: PageSections | null; edit?: boolean; editable?: boolean } = {}): PageState {
  return pageState({
    route: { kind: 'service', servicePath: 'trt', style, preview: edit, ...(edit && { edit: true }) },
    client: summitClient(),
    landing: { ...lowTLanding(templateOf(editable), { sections }), defaultStyle: 'A', experiment: null, ...(editable && { editable: true }) } as PageState['landing'],
  });
}

const render = (s: PageState) => renderToString(createElement(PageStateProvider, { state: s, children: createElement(ServiceView) }));

describe('a clinic’s section layout on its page (docs/page-editor.md#sections)', () => {
  it('leaves hidden sections and their links out, and puts the moved ones in the clinic’s order', () => {
    const html = render(state('B', { sections: { order: ['faqs', 'benefits'], hidden: ['symptoms'] } }));
    expect(html).not.toContain('Do Any of These Sound Familiar?');
    expect(html).not.toContain('href="#symptoms"');
    expect(html.indexOf('Frequently Asked Questions')).toBeLessThan(html.indexOf('Benefits of'));
    expect(html.indexOf('Meet Summit')).toBeLessThan(html.indexOf('Frequently Asked Questions'));
  });

  it('applies to the admin’s preview too, its stories’ link included', () => {
    const s = state('A', { sections: { order: ['faqs', 'process'], hidden: ['reviews'] } });
    const html = render({ ...s, route: { ...s.route, preview: true } as PageState['route'] });
    expect(html).toContain('Preview: this is how the page looks to visitors');
    expect(html).not.toContain('What Our Patients Say');
    expect(html).not.toContain('href="#testimonials"');
    expect(html.indexOf('Frequently Asked Questions')).toBeLessThan(html.indexOf('How It Works'));
  });

  it('renders every style as before without a layout', () => {
    for (const style of ['A', 'B', 'C'] as const) {
      expect(render(state(style, { sections: null }))).toBe(render(state(style, { sections: { order: [], hidden: [] } })));
    }
  });
});

describe('the page editor’s marks (docs/page-editor.md#marks)', () => {
  it('are never on a visitor’s page, nor on a preview the templates service did not flag', () => {
    for (const style of ['A', 'B', 'C'] as const) {
      expect(render(state(style))).not.toContain('data-edit');
      expect(render(state(style, { edit: true }))).not.toContain('data-edit');
    }
  });

  it('mark the headline, the offer, the hero image, each item by its id and each section on the editor’s page', () => {
    const html = render(state('B', { edit: true, editable: true, sections: { order: [], hidden: ['symptoms'] } }));
    expect(html).toContain('<span data-edit="headline">Get Your Energy Back</span>');
    expect(html).toContain('data-edit-image="heroImage"');
    expect(html).toContain('data-edit-list="faqs"');
    expect(html).toMatch(/<details class="lp-faq" open="" data-edit-item="faqs:f1">/);
    expect(html).toContain('<span data-edit-field="question">How long?</span>');
    expect(html).toMatch(/data-edit-item="process:p1"><span class="lp-step__number" aria-hidden="true" data-edit-number="">2<\/span>/);
    // A benefit without a description still has its place to write one.
    expect(html).toMatch(/data-edit-item="benefits:b0"[\s\S]*?<p class="lp-benefit__text" data-edit-field="description"><\/p>/);
    // A hidden section stays on the editor's page, hidden, so it can be shown again.
    expect(html).toContain('<div data-edit-section="symptoms" style="display:none">');
    expect(html).toContain('<div data-edit-section="faqs" style="display:contents">');
    expect(render(state('C', { edit: true, editable: true }))).toContain('<span data-edit="offer">$99 First Visit</span>');
  });

  it('leaves the style’s fixed steps unmarked: they are not the clinic’s', () => {
    const html = render(state('A', { edit: true, editable: true }));
    expect(html).not.toContain('data-edit-list="process"');
    expect(html).toContain('data-edit-list="faqs"');
  });

  it('give the editor’s page no script of its own', () => {
    expect(hydrationMoment('service', state('A', { edit: true, editable: true }), '?preview=1&edit=1')).toBe('never');
    expect(hydrationMoment('service', state('A', { edit: true }), '?preview=1&edit=1')).toBe('interaction');
  });
});
