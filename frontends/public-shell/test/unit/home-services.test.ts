import { DEFAULT_SERVICE_DESCRIPTION, type ClientServiceSummary } from '@hap/contracts';
import { toHomeServices } from '../../src/home/home-services';

const service = (fields: Partial<ClientServiceSummary>): ClientServiceSummary => ({ id: 1, clientId: 2, isActive: true, ...fields });

describe('toHomeServices', () => {
  it('links active services by slug, with ?client= only on development hosts', () => {
    const services = [service({ name: 'TRT', template_slug: 'trt', description: 'Testosterone therapy' })];
    expect(toHomeServices(services, 2, true)).toEqual([{ key: 'trt', name: 'TRT', description: 'Testosterone therapy', href: '/trt?client=2' }]);
    expect(toHomeServices(services, 2, false)[0].href).toBe('/trt');
  });

  it('leaves out inactive services and services without a name or a link', () => {
    const services = [
      service({ name: 'Off', template_slug: 'off', isActive: false }),
      service({ template_slug: 'nameless' }),
      service({ name: 'Bare id path', path: '17' }),
    ];
    expect(toHomeServices(services, 2, false)).toEqual([]);
  });

  it('falls back from slug to path, from name to custom title, from description to the default', () => {
    const [card] = toHomeServices([service({ customTitle: 'Weight Loss', path: '/weight-loss' })], 2, false);
    expect(card).toEqual({ key: '/weight-loss', name: 'Weight Loss', description: DEFAULT_SERVICE_DESCRIPTION, href: '/weight-loss' });
  });

  it('keeps one card per slug, replacing it only with one that has a description', () => {
    const services = [
      service({ name: 'ED', template_slug: 'ed' }),
      service({ name: 'ED treatment', template_slug: 'ed', description: 'Modern ED care' }),
      service({ name: 'ED again', template_slug: 'ed', description: 'Later' }),
    ];
    expect(toHomeServices(services, 2, false)).toEqual([{ key: 'ed', name: 'ED treatment', description: 'Modern ED care', href: '/ed' }]);
  });
});
