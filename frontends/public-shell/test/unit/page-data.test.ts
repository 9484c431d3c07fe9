import type { PageContext } from '@hap/contracts';
import { LANDING_LOAD_FAILED, pageDataFrom, type LoadedPage } from '../../src/ssr/page-data';
import { GENERIC_CLINIC_NAME } from '../../src/state/branding';
import { clinicBranding } from '../helpers/pages';

const apex = clinicBranding({ name: 'Apex Men’s Health', address: '1 Main Street' });

const home = { kind: 'home' } as const;
const origin = 'https://www.apex.example';
const loaded = (context: PageContext | null, extra: Partial<LoadedPage> = {}): LoadedPage => ({ route: home, context, content: null, origin, year: 2026, ...extra });
const staff = [{ id: 4, clientId: 2, name: 'Dr. Lee', title: 'Physician', bio: null, imagePath: null, displayOrder: 0 }];
const cards = [{ id: 6, name: 'TRT', description: 'Testosterone therapy.', slug: 'trt', offer: null, image: null }];

describe('pageDataFrom', () => {
  it("renders the resolved clinic's branding, team and services, and remembers a ?client= choice", () => {
    const context: PageContext = { resolution: { clientId: 2, source: 'query' }, client: apex, staff };
    expect(pageDataFrom(loaded(context, { content: { services: cards, landing: null } }))).toEqual({
      state: {
        route: home,
        client: apex,
        clientSource: 'query',
        linkClientParam: true,
        services: cards,
        servicesLoaded: true,
        staff,
        landing: null,
        landingError: null,
        origin,
        year: 2026,
      },
      rememberClientId: 2,
    });
  });

  it('remembers nothing when the clinic came from the host or the session; host-chosen pages link without ?client=', () => {
    const byHost = pageDataFrom(loaded({ resolution: { clientId: 2, source: 'host' }, client: apex, staff: [] }));
    expect(byHost.rememberClientId).toBeNull();
    expect(byHost.state.linkClientParam).toBe(false);
    expect(pageDataFrom(loaded({ resolution: { clientId: 2, source: 'session' }, client: apex, staff: [] })).rememberClientId).toBeNull();
  });

  it("falls back to the resolved client's built-in colours when its record is gone", () => {
    const { state } = pageDataFrom(loaded({ resolution: { clientId: 3, source: 'query' }, client: null, staff: [] }));
    expect(state.clientSource).toBe('fallback');
    expect(state.client).toMatchObject({ id: 3, name: GENERIC_CLINIC_NAME, brandColor: '#9b51e0' });
  });

  it('renders client 1 with the generic name when the gateway gave no answer', () => {
    const { state, rememberClientId } = pageDataFrom(loaded(null));
    expect(state).toMatchObject({ clientSource: 'fallback', services: [], servicesLoaded: false, year: 2026, client: { id: 1, name: GENERIC_CLINIC_NAME } });
    expect(rememberClientId).toBeNull();
  });

  it("marks a service page whose catalogue did not answer with the spec's failure message", () => {
    const context: PageContext = { resolution: { clientId: 2, source: 'query' }, client: apex, staff: [] };
    const route = { kind: 'service', servicePath: 'trt', style: 'A', preview: false } as const;
    expect(pageDataFrom(loaded(context, { route })).state.landingError).toBe(LANDING_LOAD_FAILED);
    expect(pageDataFrom(loaded(context, { route, content: { services: [], landing: null } })).state.landingError).toBeNull();
  });
});
