import { routeTable } from '@hap/contracts';
import { createRouteMatcher } from '../../src/routing/route-table';
import { forwardedUrl } from '../../src/proxy/forward-headers';

describe('route matcher', () => {
  const match = createRouteMatcher();

  it('finds the row of every route in the table, parameters filled in', () => {
    for (const row of routeTable) {
      const url = row.path.replace(/:[A-Za-z]+/g, '7').replace(/\*$/, 'a/b.png');
      expect(match(row.method, url)).toBe(row);
    }
  });

  it('prefers static segments and looks HEAD up as GET', () => {
    expect(match('GET', '/api/leads/export')).toMatchObject({ path: '/api/leads/export' });
    expect(match('HEAD', '/api/clients/1?x=1')).toMatchObject({ path: '/api/clients/:id', access: 'public' });
    expect(match('GET', '/api/service-templates/3/google-ads')).toMatchObject({ owner: 'ads' });
    expect(match('PATCH', '/api/service-templates/3')).toMatchObject({ owner: 'templates' });
  });

  it('denies anything else', () => {
    expect(match('OPTIONS', '/api/clients')).toBeNull();
    expect(match('PUT', '/api/clients/1')).toBeNull();
    expect(match('GET', '/api/clients/1/')).toBeNull();
    expect(match('GET', '/API/clients')).toBeNull();
    expect(match('GET', '/api/internal/auth/verify')).toBeNull();
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
