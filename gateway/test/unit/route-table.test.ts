import { defineRoute, routeTable } from '@hap/contracts';
import { createRouteMatcher, routedServices } from '../../src/routing/route-table';
import { forwardedUrl } from '../../src/proxy/forward-headers';

describe('route matcher', () => {
  const match = createRouteMatcher();

  it('finds the row of every public and admin route in the table, parameters filled in', () => {
    for (const row of routeTable.filter((r) => r.access !== 'internal')) {
      const url = row.path.replace(/:[A-Za-z]+/g, '7').replace(/\*$/, 'a/b.png');
      expect(match(row.method, url)).toBe(row);
    }
  });

  it('never matches an internal row', () => {
    const internal = routeTable.filter((r) => r.access === 'internal');
    expect(internal.length).toBeGreaterThan(0);
    for (const row of internal) expect(match(row.method, row.path)).toBeNull();
  });

  it('prefers static segments and looks HEAD up as GET', () => {
    expect(match('GET', '/api/clients/3/tracking-settings')).toMatchObject({ operation: 'getTrackingSettings' });
    expect(match('HEAD', '/api/clients/1?x=1')).toMatchObject({ path: '/api/clients/:id', access: 'public' });
    expect(match('POST', '/api/upload/template-image')).toMatchObject({ operation: 'uploadTemplateImage' });
    expect(match('GET', '/uploads/clients/1/logo.webp')).toMatchObject({ operation: 'getUpload', owner: 'tenant' });
  });

  it('routes a clinic’s domain rows to tenant and the running campaigns on a domain to ads, dots in the domain and all', () => {
    expect(match('GET', '/api/clients/7/domains')).toMatchObject({ operation: 'listClientDomains', owner: 'tenant' });
    expect(match('DELETE', '/api/clients/7/domains/trt.clinic.example')).toMatchObject({ operation: 'deleteClientDomain', owner: 'tenant' });
    expect(match('POST', '/api/clients/7/domains/trt.clinic.example/verify')).toMatchObject({ operation: 'verifyClientDomain', owner: 'tenant' });
    expect(match('GET', '/api/clients/7/domains/trt.clinic.example/campaigns')).toMatchObject({ operation: 'listDomainCampaigns', owner: 'ads', access: 'admin' });
    expect(match('GET', '/api/clients/7/domains/xn--clnica-0ya.example/campaigns')).toMatchObject({ owner: 'ads' });
    // tenant has no GET of one domain, and the campaigns row answers GET only
    expect(match('GET', '/api/clients/7/domains/trt.clinic.example')).toBeNull();
    expect(match('DELETE', '/api/clients/7/domains/trt.clinic.example/campaigns')).toBeNull();
    // the site row is internal: never routed
    expect(match('GET', '/internal/clients/7/site')).toBeNull();
  });

  it('denies anything else', () => {
    expect(match('OPTIONS', '/api/clients')).toBeNull();
    expect(match('PUT', '/api/clients/1')).toBeNull();
    expect(match('GET', '/api/clients/1/')).toBeNull();
    expect(match('GET', '/API/clients')).toBeNull();
    expect(match('GET', '/api/internal/auth/verify')).toBeNull();
    expect(match('PROPFIND', '/api/clients')).toBeNull();
  });

  it('matches rows given to it, with an internal row left out', () => {
    const rows = [
      defineRoute({ operation: 'a', method: 'GET', path: '/api/a/:id', owner: 'leads', access: 'admin', summary: 'a' }),
      defineRoute({ operation: 'b', method: 'POST', path: '/internal/b', owner: 'ads', access: 'internal', summary: 'b' }),
    ];
    const matchOwn = createRouteMatcher(rows);
    expect(matchOwn('GET', '/api/a/1')).toBe(rows[0]);
    expect(matchOwn('POST', '/internal/b')).toBeNull();
    expect(routedServices(rows)).toEqual(['leads']);
  });
});

describe('forwardedUrl', () => {
  it('keeps the path and the raw query as the upstream receives them', () => {
    expect(forwardedUrl('/api/leads?a=1&a=2&q=x%20y')).toBe('/api/leads?a=1&a=2&q=x%20y');
    expect(forwardedUrl('/api/service-meta/caf%C3%A9')).toBe('/api/service-meta/caf%C3%A9');
    expect(forwardedUrl('/api/service-meta/{x}')).toBe('/api/service-meta/%7Bx%7D');
    expect(forwardedUrl('/api/leads?')).toBe('/api/leads?');
  });
});
