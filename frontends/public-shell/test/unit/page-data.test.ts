import type { ClientBranding, PageContext } from '@hap/contracts';
import { pageDataFrom } from '../../src/ssr/page-data';
import { GENERIC_CLINIC_NAME } from '../../src/state/branding';

const apex: ClientBranding = {
  id: 2,
  name: 'Apex Men’s Health',
  address: '1 Main Street',
  phone: '555-0100',
  email: null,
  website: null,
  brandColor: '#004aad',
  brandBgColor: '#004aad',
  logoPath: null,
  officeImagePath: null,
  bookingLink: null,
};

describe('pageDataFrom', () => {
  it("renders the resolved clinic's branding and remembers a ?client= choice", () => {
    const context: PageContext = { resolution: { clientId: 2, source: 'query' }, client: apex };
    expect(pageDataFrom(context, 2026)).toEqual({
      state: { client: apex, clientSource: 'query', services: [], year: 2026 },
      rememberClientId: 2,
    });
  });

  it('remembers nothing when the clinic came from the host or the session', () => {
    expect(pageDataFrom({ resolution: { clientId: 2, source: 'host' }, client: apex }).rememberClientId).toBeNull();
    expect(pageDataFrom({ resolution: { clientId: 2, source: 'session' }, client: apex }).rememberClientId).toBeNull();
  });

  it("falls back to the resolved client's built-in colours when its record is gone", () => {
    const { state } = pageDataFrom({ resolution: { clientId: 3, source: 'query' }, client: null }, 2026);
    expect(state.clientSource).toBe('fallback');
    expect(state.client).toMatchObject({ id: 3, name: GENERIC_CLINIC_NAME, brandColor: '#9b51e0' });
  });

  it('renders client 1 with the generic name when the gateway gave no answer', () => {
    const { state, rememberClientId } = pageDataFrom(null, 2026);
    expect(state).toMatchObject({ clientSource: 'fallback', services: [], year: 2026, client: { id: 1, name: GENERIC_CLINIC_NAME } });
    expect(rememberClientId).toBeNull();
  });
});
