import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { UnifiedLayout, pageLinks } from '../../src/unified/UnifiedLayout';
import { symptomIconOf } from '../../src/components/symptom-icons';
import { PageStateProvider } from '../../src/state/page-context';
import type { PageState } from '../../src/state/page-state';
import { HelpCircle, Moon } from 'lucide-react';
import { lowTLanding, pageState } from '../helpers/page-state';

const template = {
  headline: 'Get Your Energy Back',
  description: 'Hormone care built around your labs.',
  metaDescription: null,
  offer: 'Free Consultation',
  heroImage: null,
  benefits: ['Energy', 'Focus', 'Mood', 'Strength'].map((title) => ({ title, description: `${title} text` })),
  symptoms: [
    { title: 'Poor sleep', description: 'Restless nights.', icon: 'Moon' as const },
    { title: 'Something odd', description: 'Unknown icon.', icon: 'NotAnIcon' as 'Moon' },
  ],
  process: ['Consult', 'Plan', 'Follow up', 'Review'].map((title) => ({ title, description: `${title} text` })),
  faqs: [{ question: 'Is it safe?', answer: 'With monitoring.' }],
  testimonials: [{ text: 'Great care.', rating: 4, name: null }],
  beforeAfterImages: [
    { title: 'More energy', beforeImage: null, afterImage: null, beforeDescription: 'Tired', afterDescription: 'Energetic', timeframe: '3 months' },
    {
      title: 'Pictured',
      beforeImage: '/uploads/images/before.800x800.jpg',
      afterImage: null,
      beforeDescription: 'Before text',
      afterDescription: 'After text',
      timeframe: '',
    },
  ],
};

function state(overrides: Partial<PageState> = {}): PageState {
  return pageState({
    route: { kind: 'unified', servicePath: 'trt' },
    staff: [{ id: 1, clientId: 1, name: 'Dr. Elena Marquez', title: 'Medical Director', bio: 'Fifteen years.', imagePath: null, displayOrder: 0 }],
    landing: lowTLanding(template) as PageState['landing'],
    ...overrides,
  });
}

const render = (s: PageState) => renderToString(createElement(PageStateProvider, { state: s, children: createElement(UnifiedLayout) }));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('UnifiedLayout (server render)', () => {
  const html = render(state());

  it('has every anchor of docs/public-site.md', () => {
    for (const id of ['about', 'contact', 'symptoms', 'benefits', 'process', 'testimonials', 'faqs', 'location', 'ready-cta', 'team']) {
      expect(html).toContain(`id="${id}"`);
    }
  });

  it('renders the countdown at 23:59:59 on the server', () => {
    expect(text(html)).toContain('23 : 59 : 59');
    expect(html.match(/role="timer"/g)).toHaveLength(2);
  });

  it('shows at most 3 benefits and 3 steps in the hero, all of them further down', () => {
    const hero = html.slice(html.indexOf('data-testid="unified-hero"'), html.indexOf('id="about"'));
    expect(hero).toContain('Mood');
    expect(hero).not.toContain('Strength');
    expect(hero).not.toContain('Review');
    expect(html.slice(html.indexOf('id="benefits"'))).toContain('Strength');
    expect(html.slice(html.indexOf('id="process"'))).toContain('Review');
  });

  it('shows the fixed stats, the offer and the form fields', () => {
    const t = text(html);
    for (const s of ['500+', 'Satisfied Patients', '15+', '100%', 'Customized Care', '4.9', '$99 First Visit', 'Labs included.']) expect(t).toContain(s);
    for (const label of ['Full Name', 'Email Address', 'Phone Number']) expect(t).toContain(label);
  });

  it('draws a story without pictures as a text card and never a broken image', () => {
    expect(text(html)).toContain('Tired');
    expect(html).toContain('src="/uploads/images/before.800x800-320w.webp"');
    expect(html).toContain('loading="lazy"');
    // The story's missing after picture is a placeholder, not an <img> without a file.
    expect(html).not.toMatch(/<img[^>]*src=""/);
  });

  it('defaults unknown testimonial names and symptom icons', () => {
    expect(text(html)).toContain('Verified Patient');
    expect(html).toContain('Rated 4 out of 5');
    expect(symptomIconOf('NotAnIcon')).toBe(HelpCircle);
    expect(symptomIconOf('Moon')).toBe(Moon);
  });

  it('links the address to a maps search and loads no map provider', () => {
    expect(html).toContain('https://www.google.com/maps/search/?api=1&amp;query=1450%20Larimer%20Street%2C%20Denver');
    expect(html).not.toContain('<iframe');
  });

  it('keeps the mobile bar hidden and inert until scrolling', () => {
    expect(html).toMatch(/class="u-mobile-bar"[^>]*aria-hidden="true"[^>]*inert=""/);
    expect(html).toContain('href="tel:3035550142"');
  });

  it('hides the team and its link when the clinic has none', () => {
    const none = render(state({ staff: [] }));
    expect(none).not.toContain('id="team"');
    expect(pageLinks(state({ staff: [] })).nav.map((l) => l.href)).not.toContain('#team');
  });

  it('puts an embedded form in a sandboxed iframe instead of the built-in one', () => {
    const s = state();
    s.landing!.content.service.formEmbedCode = '<form><input name="x"></form>';
    const embedded = render(s);
    expect(embedded).toMatch(/<iframe[^>]*sandbox="allow-scripts allow-forms/);
    expect(text(embedded)).not.toContain('Full Name');
  });
});
