import type { Client, ServiceListItem } from '@hap/contracts';
import { clientIdFromQuery, liveServiceUrl, visibleServices } from '../../src/services/service-rules';

const service = (id: number, name: string, path: string, isActive: boolean): ServiceListItem => ({ id, name, path, isActive, templateId: id, clientId: 1 });
const list = [service(1, 'Testosterone Therapy', 'trt', true), service(2, 'Weight Loss', 'weight-loss', false), service(3, 'ED Treatment', 'ed', true)];

describe('which services a tab and a search show (docs/admin.md)', () => {
  it('Active (the default) shows active ones, Inactive the others, All every one', () => {
    expect(visibleServices(list, 'active', '').map((s) => s.id)).toEqual([1, 3]);
    expect(visibleServices(list, 'inactive', '').map((s) => s.id)).toEqual([2]);
    expect(visibleServices(list, 'all', '').map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('the search looks at the name and the path, in any case, within the tab', () => {
    expect(visibleServices(list, 'all', 'WEIGHT').map((s) => s.id)).toEqual([2]);
    expect(visibleServices(list, 'all', ' ed ').map((s) => s.id)).toEqual([3]);
    expect(visibleServices(list, 'active', 'weight')).toEqual([]);
  });
});

describe('the live page of a service (docs/admin.md, ARCHITECTURE.md): where ads send people', () => {
  it.each([
    [{ id: 4, domain: 'summitwellness.com', siteDomain: 'summitwellness.com' }, 'trt', 'https://summitwellness.com/trt'],
    [{ id: 4, domain: 'summitwellness.com', siteDomain: 'summitwellness.com' }, '/trt', 'https://summitwellness.com/trt'],
    [{ id: 4, domain: null, siteDomain: null }, 'trt', '/trt?client=4'],
    [{ id: 4, domain: null, siteDomain: null }, 'weight-loss', '/weight-loss?client=4'],
  ])('%j, %s → %s', (client, path, url) => expect(liveServiceUrl(client, path)).toBe(url));

  it('a domain typed on the clinic but never proved by a claim is not where its pages are: the platform address is', () => {
    const client: Pick<Client, 'id' | 'domain' | 'siteDomain'> = { id: 4, domain: 'never-claimed.example', siteDomain: null };
    expect(liveServiceUrl(client, 'trt')).toBe('/trt?client=4');
  });

  it('its live domain wins over another address typed since', () => {
    const client: Pick<Client, 'id' | 'domain' | 'siteDomain'> = { id: 4, domain: 'new-site.example', siteDomain: 'summitwellness.com' };
    expect(liveServiceUrl(client, 'trt')).toBe('https://summitwellness.com/trt');
  });
});

describe('the client of ?client=', () => {
  it.each([
    ['3', 3],
    ['0', null],
    ['-1', null],
    ['2abc', null],
    ['', null],
    [null, null],
    ['99999999999', null],
  ])('%p → %p', (value, id) => expect(clientIdFromQuery(value)).toBe(id));
});
