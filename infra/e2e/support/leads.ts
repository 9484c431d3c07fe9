import { expect, type Page } from '@playwright/test';

/** A clinic with one active service (Men’s Health, on the TRT template), made through the admin API by a signed-in admin. */
export async function clinicWithService(page: Page, name: string, extra: { googleAdsAccountId?: string } = {}): Promise<{ clientId: number; serviceId: number }> {
  const created = await page.request.post('/api/clients', { data: { name, address: '3 Alder St, Eugene, OR 97401', phone: '(541) 555-0190', ...extra } });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { data: { id: number } }).data.id;
  const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; slug: string }> }).data;
  const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
  const service = await page.request.post('/api/services', { data: { name: 'Men’s Health', path: `mens-${clientId}`, clientId, templateId: template.id, isActive: true } });
  expect(service.status()).toBe(201);
  return { clientId, serviceId: ((await service.json()) as { data: { id: number } }).data.id };
}

/** A patient's lead for the clinic's service, its e-mail made from the name. */
export async function sendLead(page: Page, name: string, where: { clientId: number; serviceId: number }): Promise<void> {
  const res = await page.request.post('/api/leads', { data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, phone: '(541) 555-0111', ...where } });
  expect(res.status()).toBe(201);
}
