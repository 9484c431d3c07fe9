import { clientViewFromSearch, searchBoxAfter, searchFromClientView } from '../../src/clients/clients-query';

describe('the Clients list view in the URL', () => {
  it('reads search, sort, order and page with the API schema, defaults otherwise', () => {
    expect(clientViewFromSearch(new URLSearchParams(''))).toEqual({ sort: 'name', order: 'asc', page: 1, pageSize: 20 });
    expect(clientViewFromSearch(new URLSearchParams('q=+harbor+&sort=createdAt&order=desc&page=3'))).toEqual({
      q: 'harbor',
      sort: 'createdAt',
      order: 'desc',
      page: 3,
      pageSize: 20,
    });
  });

  it('drops what the API would refuse (a hand-edited URL) and keeps the rest', () => {
    expect(clientViewFromSearch(new URLSearchParams('q=harbor&sort=email&page=0'))).toEqual({ q: 'harbor', sort: 'name', order: 'asc', page: 1, pageSize: 20 });
  });

  it('writes only what differs from the defaults', () => {
    expect(searchFromClientView({ sort: 'name', order: 'asc', page: 1 }).toString()).toBe('');
    expect(searchFromClientView({ q: 'harbor', sort: 'createdAt', order: 'desc', page: 2 }).toString()).toBe('q=harbor&sort=createdAt&order=desc&page=2');
  });

  it('the search box keeps what the admin typed after a search it sent, and follows back and forward', () => {
    // The box sent '503 555 0107'; its echo arrives after the admin typed on: their words stay.
    expect(searchBoxAfter('503 555 0107', 'quill-nobody', '503 555 0107')).toBe('quill-nobody');
    // Back or forward to another search: the box shows it.
    expect(searchBoxAfter('harbor', 'quill', null)).toBe('harbor');
    expect(searchBoxAfter(undefined, 'quill', null)).toBe('');
    // The same words (spaces aside) are left as typed.
    expect(searchBoxAfter('harbor', 'harbor ', null)).toBe('harbor ');
  });
});
