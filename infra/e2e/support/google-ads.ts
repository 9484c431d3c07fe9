import { expect, type Page } from '@playwright/test';

/** The agency connects Google Ads: the consent page of the stack's fake Google answers at once. */
export async function connectGoogleAds(page: Page): Promise<void> {
  await page.goto('/api/google-ads/auth');
  await expect(page).toHaveURL(/\/admin\/google-ads-connect\?connected=true$/, { timeout: 20_000 });
}

/**
 * A clinic made for one journey (an admin's session on `page`) with one
 * active service of the template `templateId` at `path`; returns its id.
 */
export async function clinicWithService(
  page: Page,
  baseURL: string,
  clinic: { name: string; address: string; phone: string; domain?: string; googleAdsAccountId: string },
  service: { name: string; path: string; templateId: number },
): Promise<number> {
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/clients', { headers, data: clinic });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { data: { id: number } }).data.id;
  const added = await page.request.post('/api/services', { headers, data: { ...service, clientId, isActive: true } });
  expect(added.ok()).toBeTruthy();
  return clientId;
}
