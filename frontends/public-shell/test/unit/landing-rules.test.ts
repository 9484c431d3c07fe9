import { EMBED_HEIGHT_SCRIPT } from '@hap/contracts';
import { createHash } from 'node:crypto';
import {
  DEFAULT_REVIEWER,
  EMBED_MAX_HEIGHT,
  embedDocument,
  embedFrameHeight,
  formEmbedCodeOf,
  heroImagePath,
  offerOf,
  previewContact,
  PREVIEW_PLACEHOLDERS,
  reportedHeight,
  reviewerName,
  starCount,
} from '../../src/landing/landing-rules';
import { symptomIconOf } from '../../src/components/symptom-icons';
import { HelpCircle, Moon } from 'lucide-react';

const content = (service: Record<string, unknown> = {}, template: Record<string, unknown> = {}) =>
  ({
    client: { id: 1 },
    service: { id: 1, name: 'TRT', customTitle: null, formEmbedCode: null, heroBackgroundPath: null, offer: '', offerValue: null, offerDescription: null, ...service },
    template: { headline: 'H', offer: '', heroImage: null, ...template },
  }) as never;

describe('form embed code (docs/public-site.md)', () => {
  it('replaces the form only when it is real code', () => {
    for (const none of [null, undefined, '', '   ', 'null', 'undefined']) expect(formEmbedCodeOf(none)).toBeNull();
    expect(formEmbedCodeOf(' <form></form> ')).toBe('<form></form>');
  });

  it('wraps a fragment in a page with the height reporter, leaves a whole document alone', () => {
    const doc = embedDocument('<form id="x"></form>');
    expect(doc).toMatch(/^<!doctype html>/);
    expect(doc).toContain('<form id="x"></form>');
    expect(doc).toContain('parent.postMessage');
    expect(embedDocument('<!DOCTYPE html><html><body>x</body></html>')).toBe('<!DOCTYPE html><html><body>x</body></html>');
  });

  it("pins the height reporter's CSP hash (a policy that allows it names this hash)", () => {
    expect(`sha256-${createHash('sha256').update(EMBED_HEIGHT_SCRIPT).digest('base64')}`).toBe('sha256-jplZ/IwnnLzVm17+L+2maC7fVuqrGNASbyZliFixYp0=');
  });
});

describe('embedded form height (docs/public-site.md)', () => {
  it('reads a number, a numeric string or an object with a numeric height', () => {
    expect(reportedHeight(820)).toBe(820);
    expect(reportedHeight('820')).toBe(820);
    expect(reportedHeight({ height: 820 })).toBe(820);
    for (const junk of [null, undefined, 'tall', '', {}, { height: 'x' }, -5, 0, Number.NaN, Infinity, [900]]) {
      expect(reportedHeight(junk)).toBeNull();
    }
  });

  it('is 600 + 50 until the content is taller than 600, then grows, up to the cap', () => {
    expect(embedFrameHeight(null)).toBe(650);
    expect(embedFrameHeight(400)).toBe(650);
    expect(embedFrameHeight(600)).toBe(650);
    expect(embedFrameHeight(601)).toBe(651);
    expect(embedFrameHeight(900.4)).toBe(950);
    expect(embedFrameHeight(1_000_000)).toBe(EMBED_MAX_HEIGHT + 50);
  });
});

describe('page content rules', () => {
  it("chooses the hero picture: service's, template's, office photo, else none", () => {
    expect(heroImagePath(content({ heroBackgroundPath: '/s.jpg' }, { heroImage: '/t.jpg' }), '/o.jpg')).toBe('/s.jpg');
    expect(heroImagePath(content({}, { heroImage: '/t.jpg' }), '/o.jpg')).toBe('/t.jpg');
    expect(heroImagePath(content(), '/o.jpg')).toBe('/o.jpg');
    expect(heroImagePath(content(), null)).toBeNull();
  });

  it("advertises the service's offer, else the template's, else 'Free Consultation'", () => {
    expect(offerOf(content({ offer: '$99 Visit' }, { offer: 'T' }))).toBe('$99 Visit');
    expect(offerOf(content({}, { offer: 'Template offer' }))).toBe('Template offer');
    expect(offerOf(content())).toBe('Free Consultation');
  });

  it("shows whole stars from 0 to 5, 5 by default, and 'Verified Patient' without a name", () => {
    expect([starCount(4), starCount(4.6), starCount(9), starCount(-1), starCount(null), starCount(Number.NaN)]).toEqual([4, 5, 5, 0, 5, 5]);
    expect(reviewerName(null)).toBe(DEFAULT_REVIEWER);
    expect(reviewerName('  ')).toBe('Verified Patient');
    expect(reviewerName('Mark T.')).toBe('Mark T.');
  });

  it('fills the preview contact section with placeholders only where the clinic has nothing', () => {
    expect(previewContact({ address: 'A', phone: null, email: '' })).toEqual({ address: 'A', phone: PREVIEW_PLACEHOLDERS.phone, email: PREVIEW_PLACEHOLDERS.email });
  });

  it('maps the spec symptom icon names to lucide icons, HelpCircle otherwise', () => {
    expect(symptomIconOf('Moon')).toBe(Moon);
    expect(symptomIconOf('toString')).toBe(HelpCircle);
    expect(symptomIconOf(null)).toBe(HelpCircle);
  });
});
