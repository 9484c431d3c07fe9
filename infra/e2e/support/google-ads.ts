import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin } from './admin';

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

/** An admin's session with Google Ads connected: where every launch journey starts. */
export async function logInWithGoogleAds(page: Page): Promise<void> {
  await logInAsAdmin(page);
  await connectGoogleAds(page);
}

/** What makes this journey's names unique: its project (mobile, desktop) and the time. */
export const journeyRun = (): string => `${test.info().project.name}-${Date.now().toString(36)}`;

/**
 * A clinic of this `run` (its name and a domain of its own, `<domainPrefix>-<run>.example`) with
 * Testosterone Therapy (template 1, whose built-in campaign is there from the seed) at
 * `/trt-<run>`; returns its id.
 */
export async function clinicWithTrt(
  page: Page,
  baseURL: string,
  run: string,
  clinic: { name: string; domainPrefix: string; address: string; phone: string; googleAdsAccountId: string },
): Promise<number> {
  const { domainPrefix, ...rest } = clinic;
  return clinicWithService(
    page,
    baseURL,
    { ...rest, name: `${clinic.name} ${run}`, domain: `${domainPrefix}-${run}.example` },
    { name: 'Testosterone Therapy', path: `trt-${run}`, templateId: 1 },
  );
}

/** Campaigns written for `templateId` by the stack's fake model, through the API (what the admin's Generate does). */
export async function generatedCampaigns(page: Page, baseURL: string, templateId: number): Promise<void> {
  const res = await page.request.post(`/api/service-templates/${templateId}/google-ads/generate`, { headers: { origin: baseURL }, data: { serviceDescription: '' } });
  expect(res.status()).toBe(202);
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/google-ads/jobs/${id}`)).json()) as { data: { status: string } }).data.status, { timeout: 30_000 })
    .toBe('succeeded');
}
