import { pageKindFor, pageTitle } from '../../src/routes';

describe('pageKindFor', () => {
  it.each(['/', '/home', '/client-home', '/standalone-client-home', '/legacy-home'])('shows the home page at %s', (path) => {
    expect(pageKindFor(path)).toBe('home');
  });

  it('matches as the router did: case-insensitive, trailing and doubled slashes ignored', () => {
    expect(pageKindFor('/Home/')).toBe('home');
    expect(pageKindFor('//client-home')).toBe('home');
    expect(pageKindFor('/LOGIN')).toBe('login');
  });

  it('gives /admin and everything below it to the admin entry', () => {
    expect(pageKindFor('/admin')).toBe('admin');
    expect(pageKindFor('/admin/')).toBe('admin');
    expect(pageKindFor('/admin/clients/3/ads')).toBe('admin');
    expect(pageKindFor('/administrator')).toBe('not-found');
  });

  it('answers not-found for any other path', () => {
    expect(pageKindFor('/this/page/does-not-exist')).toBe('not-found');
    expect(pageKindFor('/home/more')).toBe('not-found');
  });
});

describe('pageTitle', () => {
  it('names the clinic on its pages and the dashboard on admin ones', () => {
    expect(pageTitle('home', 'Apex Clinic')).toBe('Apex Clinic');
    expect(pageTitle('not-found', 'Apex Clinic')).toBe('Page Not Found | Apex Clinic');
    expect(pageTitle('admin', 'Apex Clinic')).toBe('Admin Dashboard');
  });
});
