import { clientHomepageUrl, clinicDomainOf, PortalMessages, PortalProfileUpdateSchema, portalPagesOf } from '../src';

describe('clinicDomainOf', () => {
  it('takes the host of what the domain field holds, lower-cased, as an https link', () => {
    expect(clinicDomainOf('WWW.Clinic.com')).toEqual({ host: 'www.clinic.com', url: 'https://www.clinic.com/' });
    expect(clinicDomainOf(' http://clinic.com/landing?x=1 ')).toEqual({ host: 'clinic.com', url: 'https://clinic.com/' });
    expect(clinicDomainOf('')).toBeNull();
    expect(clinicDomainOf('   ')).toBeNull();
    expect(clinicDomainOf(null)).toBeNull();
  });
});

describe('portalPagesOf', () => {
  it('builds ?client= links as the admin does when there is no domain', () => {
    const pages = portalPagesOf({ id: 2, domain: null }, [{ id: 7, name: 'TRT', path: '/trt/' }]);
    expect(pages.home.url).toBe(clientHomepageUrl(2));
    expect(pages.home.url).toBe('/?client=2');
    expect(pages.services[0]).toEqual({ serviceId: 7, name: 'TRT', path: 'trt', url: '/trt?client=2', styles: { A: '/trt/a?client=2', B: '/trt/b?client=2', C: '/trt/c?client=2' } });
    expect(pages.thanks.url).toBe('/thanks?client=2');
  });
});

describe('PortalProfileUpdateSchema', () => {
  it('takes the profile fields by the admin’s rules and names every other field', () => {
    expect(PortalProfileUpdateSchema.parse({ name: '  Alpine Vitality ', email: '' })).toEqual({ name: 'Alpine Vitality', email: null });
    const refused = PortalProfileUpdateSchema.safeParse({ name: 'Alpine', domain: 'x.com', facebookPixelId: '123456' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PortalMessages.notEditable(['domain', 'facebookPixelId'])]);
  });
});
