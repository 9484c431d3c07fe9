import { PAGE_BOOT_SCRIPT } from '@hap/contracts';
import { hydrationMoment, INTERACTION_EVENTS } from '../../src/pages/hydration';
import type { LandingData } from '../../src/state/page-state';

const landingWith = (formEmbedCode: string | null) => ({ content: { service: { formEmbedCode } } }) as unknown as LandingData;
const noLanding = { landing: null };

describe('hydrationMoment', () => {
  it('waits for the visitor on the home page (variant A), the client landing page and the not-found screens', () => {
    expect(hydrationMoment('home', noLanding, '?client=1')).toBe('interaction');
    expect(hydrationMoment('client-landing', noLanding, '')).toBe('interaction');
    expect(hydrationMoment('not-found', noLanding, '')).toBe('interaction');
    expect(hydrationMoment('unavailable', noLanding, '')).toBe('interaction');
  });

  it("waits for the visitor on a service page with the built-in form", () => {
    expect(hydrationMoment('service', { landing: landingWith(null) }, '?style=c')).toBe('interaction');
    // docs/public-site.md#validation: the text 'null' is no embed.
    expect(hydrationMoment('service', { landing: landingWith('null') }, '')).toBe('interaction');
  });

  it('hydrates at load a service page whose form embed must grow to its content', () => {
    expect(hydrationMoment('service', { landing: landingWith('<form>…</form>') }, '')).toBe('load');
  });

  it("hydrates at load the unified page: its countdown ticks and its sticky bar follows the scroll", () => {
    expect(hydrationMoment('unified', { landing: landingWith(null) }, '')).toBe('load');
  });

  it('hydrates at load a home variant the browser switches to (?variant=b|c)', () => {
    expect(hydrationMoment('home', noLanding, '?variant=b')).toBe('load');
    expect(hydrationMoment('home', noLanding, '?client=1&variant=C')).toBe('load');
  });

  it('hydrates the error screen at load', () => {
    expect(hydrationMoment('error', noLanding, '')).toBe('load');
  });
});

describe('the boot loader', () => {
  it('listens to the same interaction events as the page entry', () => {
    expect(PAGE_BOOT_SCRIPT).toContain(JSON.stringify(INTERACTION_EVENTS));
  });

  it('is one valid classic script', () => {
    expect(() => new Function(PAGE_BOOT_SCRIPT)).not.toThrow();
  });
});
