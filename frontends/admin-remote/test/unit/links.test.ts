import { clientHomepageUrl } from '../../src/clients/clients-query';
import { adminTitle } from '../../src/lib/use-document-title';
import { NAV_ITEMS } from '../../src/shell/nav-items';

describe('clientHomepageUrl (docs/admin.md)', () => {
  it('links clients 1–3 to the main home route and the others to the standalone home', () => {
    expect(clientHomepageUrl(1)).toBe('/?client=1');
    expect(clientHomepageUrl(3)).toBe('/?client=3');
    expect(clientHomepageUrl(4)).toBe('/standalone-client-home?client=4');
  });
});

describe('admin navigation', () => {
  it('titles pages after the dashboard', () => {
    expect(adminTitle('Clients Management')).toBe('Clients Management | Admin Dashboard');
  });

  it('links every section under /admin with no notification count yet', () => {
    expect(NAV_ITEMS.map((item) => [item.label, item.to, item.count])).toEqual([
      ['Clients', '/admin/clients', 0],
      ['Leads', '/admin/leads', 0],
      ['Results', '/admin/results', 0],
      ['Experiments', '/admin/experiments', 0],
      ['Services', '/admin/services', 0],
      ['Templates', '/admin/templates', 0],
      ['Google Ads', '/admin/google-ads-templates', 0],
      ['Patient Messages', '/admin/messaging', 0],
      ['Audit Log', '/admin/audit', 0],
      ['Security', '/admin/security', 0],
      ['Queues', '/admin/queues', 0],
    ]);
    // The queue board is the gateway's page, not the admin's router: a full page load.
    expect(NAV_ITEMS.filter((item) => item.page).map((item) => item.to)).toEqual(['/admin/queues']);
  });
});
