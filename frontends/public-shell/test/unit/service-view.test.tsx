import { PreviewView } from '../../src/landing/PreviewPage';
import { ServicePage, serviceViewFor } from '../../src/landing/ServicePage';

/**
 * A visitor's service page carries no preview code: the browser takes the
 * preview's component (its own chunk) only for the preview the server rendered.
 */
describe('serviceViewFor', () => {
  it("hydrates a visitor's service page with ServicePage, in every style", async () => {
    for (const style of ['A', 'B', 'C'] as const) {
      await expect(serviceViewFor({ route: { kind: 'service', servicePath: 'trt', style, preview: false } })).resolves.toBe(ServicePage);
    }
    await expect(serviceViewFor({ route: { kind: 'service', servicePath: 'trt', style: 'A' } })).resolves.toBe(ServicePage);
  });

  it('hydrates a preview (?preview=1) with the preview view', async () => {
    await expect(serviceViewFor({ route: { kind: 'service', servicePath: 'trt', style: 'A', preview: true } })).resolves.toBe(PreviewView);
  });
});
