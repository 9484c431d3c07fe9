import { apiDateBounds, filtersFromSearch, searchFromFilters } from '../../src/leads/lead-filters';
import { exportUrl } from '../../src/leads/leads-query';

describe('the Leads inbox URL', () => {
  it('reads the filters and page with the API schema, and writes them back', () => {
    const search = new URLSearchParams('client=3&service=9&status=booked&from=2026-11-01&to=2026-11-02&q=jane&page=2');
    const { filters, page } = filtersFromSearch(search, 1);
    expect(filters).toEqual({ clientId: 3, serviceId: 9, status: 'booked', from: '2026-11-01', to: '2026-11-02', q: 'jane' });
    expect(page).toBe(2);
    expect(searchFromFilters(filters, page).toString()).toBe(search.toString());
  });

  it('falls back to the first clinic and drops what the schema refuses', () => {
    expect(filtersFromSearch(new URLSearchParams(''), 5)).toEqual({ filters: { clientId: 5 }, page: 1 });
    expect(filtersFromSearch(new URLSearchParams('client=x&status=archived&page=-2&q=ok'), 5)).toEqual({ filters: { clientId: 5, q: 'ok' }, page: 1 });
    expect(filtersFromSearch(new URLSearchParams('client=2&from=2026-11-05&to=2026-11-01'), 5).filters).toEqual({ clientId: 2, from: '2026-11-05' });
  });

  it('reads and writes whose leads (a user id or none; docs/leads.md#assignment)', () => {
    for (const query of ['client=3&assignee=12', 'client=3&assignee=none']) {
      const { filters, page } = filtersFromSearch(new URLSearchParams(query), 1);
      expect(searchFromFilters(filters, page).toString()).toBe(query);
    }
    expect(filtersFromSearch(new URLSearchParams('client=3&assignee=12'), 1).filters).toEqual({ clientId: 3, assigneeId: 12 });
    expect(exportUrl({ clientId: 3, assigneeId: 'none' })).toBe('/api/leads/export.csv?clientId=3&assigneeId=none');
  });

  it("sends the admin's days as local midnights, the end exclusive", () => {
    const { from, to } = apiDateBounds('2026-11-01', '2026-11-01');
    expect(new Date(from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(to!).getTime()).toBe(new Date(2026, 10, 2).getTime());
    expect(apiDateBounds(undefined, undefined)).toEqual({ from: undefined, to: undefined });
  });

  it('links the CSV export with the filters, never a page', () => {
    const url = exportUrl({ clientId: 1, status: 'new', q: 'a b' });
    expect(url).toBe('/api/leads/export.csv?clientId=1&status=new&q=a+b');
  });
});

describe("the inbox's 'All clinics' view", () => {
  it('reads ?client=all as no clinic and writes it back', () => {
    const { filters, page } = filtersFromSearch(new URLSearchParams('client=all&status=new&page=2'), 1);
    expect(filters).toEqual({ status: 'new' });
    expect(page).toBe(2);
    expect(searchFromFilters(filters, page).toString()).toBe('client=all&status=new&page=2');
  });

  it('keeps the first clinic as the default when the URL names none', () => {
    expect(filtersFromSearch(new URLSearchParams(''), 4).filters).toEqual({ clientId: 4 });
  });
});
