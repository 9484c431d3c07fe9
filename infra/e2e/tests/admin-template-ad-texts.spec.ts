import { expect, test, type APIResponse } from '@playwright/test';
import { seriousAxeViolations } from '../support/admin';
import { clinicWithService, generatedCampaigns, journeyRun, logInWithGoogleAds } from '../support/google-ads';
import { keepScreen, screenPath } from '../support/screens';

const json = async <T>(response: APIResponse): Promise<T> => ((await response.json()) as { data: T }).data;

/**
 * A template's ad texts travel with it (docs/campaigns.md#ad-texts-follow-the-template): a clinic's
 * campaign was launched from the template's Google Ads campaign; the AI rewrites one of its
 * headlines (Optimize, kept); Google Ads Templates shows the launched campaign's ad that now
 * differs; after the template's next version is pushed, the push shows it too, and the admin
 * updates it in Google Ads (the stack's loopback fake).
 */
test.describe('admin template ad texts', () => {
  test('a kept rewrite shows on Google Ads Templates; after a push, the pushed clinic’s launched campaign takes the template’s rewritten headline', async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    const run = journeyRun();
    const request = page.request;
    await logInWithGoogleAds(page);

    // A staged template with its Google Ads campaigns (the stack's fake model writes them).
    const name = `Hormone Clinic ${run}`;
    const subcategoryId = (await json<Array<{ subcategoryId: number }>>(await request.get('/api/service-templates')))[0]!.subcategoryId;
    const { templateId } = await json<{ templateId: number }>(
      await request.post('/api/templates/create', { data: { name, description: 'Hormone therapy supervised by a physician.', subcategoryId, content: 'empty' } }),
    );
    expect((await request.patch(`/api/service-templates/${templateId}`, { data: { headline: 'Feel like yourself again', rollout: 'staged' } })).status()).toBe(200);
    await generatedCampaigns(page, baseURL!, templateId);

    // A clinic's service on it, launched (created paused in the fake Google Ads).
    const clinicName = `Northside Vitality ${run}`;
    const clientId = await clinicWithService(
      page,
      baseURL!,
      { name: clinicName, address: '500 Congress Avenue, Austin, TX 78701', phone: '(512) 555-0173', domain: `northside-${run}.example`, googleAdsAccountId: '123-456-7890' },
      { name, path: `hormones-${run}`, templateId },
    );
    const service = (await json<Array<{ id: number; templateId: number }>>(await request.get(`/api/client-services/${clientId}`))).find((s) => s.templateId === templateId)!;
    const launched = await request.post('/api/google-ads/launch-campaign', { data: { serviceId: service.id, clientId } });
    expect(launched.status()).toBe(202);
    const launchId = (await json<{ id: string }>(launched)).id;
    await expect.poll(async () => (await json<{ status: string }>(await request.get(`/api/google-ads/launches/${launchId}`))).status, { timeout: 30_000 }).toBe('launched');

    // The AI rewrites the campaign the launch was made from (the newest); the admin keeps it.
    const [campaign] = (await json<{ campaigns: Array<{ id: number }> }>(await request.get(`/api/service-templates/${templateId}/google-ads`))).campaigns;
    const optimize = await request.post(`/api/service-templates/${templateId}/google-ads/${campaign!.id}/optimize`, { data: { optimizationGoal: 'improve_ctr' } });
    expect(optimize.status()).toBe(202);
    const jobId = (await json<{ id: string }>(optimize)).id;
    await expect.poll(async () => (await json<{ status: string }>(await request.get(`/api/google-ads/jobs/${jobId}`))).status, { timeout: 30_000 }).toBe('succeeded');
    expect((await request.post(`/api/google-ads/jobs/${jobId}/keep`)).status()).toBe(200);

    // Google Ads Templates shows the template's launched campaign with the ad the kept rewrite would change.
    await page.goto('/admin/google-ads-templates');
    await page.getByRole('navigation', { name: 'Service templates' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
    const launchedAds = page.getByRole('region', { name: 'Launched campaigns' });
    await launchedAds.getByRole('button', { name: 'Check their ads' }).click();
    await expect(launchedAds.getByRole('status')).toHaveText('1 campaign launched from this template: 1 ad to update.');
    await expect(launchedAds.getByText('Headline “Testosterone Therapy Options” replaced by “Same-Week Lab Results”')).toBeVisible();
    await keepScreen(page, { path: screenPath('admin-google-ads-launched-ad-texts'), fullPage: true });

    // The template's next version, pushed to the clinic from its rollout screen.
    expect((await request.patch(`/api/service-templates/${templateId}`, { data: { headline: 'Get your energy back' } })).status()).toBe(200);
    await page.goto(`/admin/templates/${templateId}/rollout`);
    await page.getByRole('button', { name: 'Select clinics behind' }).click();
    await page.getByRole('button', { name: 'Push version 3 to 1 clinic' }).click();
    await page.getByRole('dialog', { name: 'Push version 3' }).getByRole('button', { name: 'Push version 3 to 1 clinic' }).click();
    const progress = page.getByRole('region', { name: /^Version 3 pushed by / });
    await expect(progress.getByRole('status').first()).toHaveText('1 of 1 clinics done');

    // Its campaign's ads against the template's texts now: Google checks, nothing changes yet.
    const ads = progress.getByRole('region', { name: "Ads of these clinics' campaigns" });
    await ads.getByRole('button', { name: 'Check their ads' }).click();
    await expect(ads.getByRole('status')).toHaveText('1 campaign launched from this template: 1 ad to update.');
    await expect(ads.getByRole('listitem').filter({ hasText: clinicName }).first()).toContainText('Paused');
    await expect(ads.getByText('Headline “Testosterone Therapy Options” replaced by “Same-Week Lab Results”')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(ads, { path: screenPath('admin-template-ad-texts-check') });

    await ads.getByRole('button', { name: 'Update the ads of 1 campaign' }).click();
    const confirm = page.getByRole('dialog', { name: 'Update ads' });
    await expect(confirm).toContainText('This changes the texts of 1 ad in 1 campaign in Google Ads');
    await keepScreen(confirm, { path: screenPath('admin-template-ad-texts-confirm') });
    await confirm.getByRole('button', { name: 'Update ads' }).click();
    await expect(page.locator('.adm-toast')).toContainText('1 of 1 campaign updated.');
    await expect(confirm).toHaveCount(0);
    await expect(ads.getByRole('status').first()).toHaveText("1 campaign launched from this template: every ad already has the template's texts.");

    // Google Ads (the stack's fake) has the new headline on the campaign's ad.
    const { googleAdsCampaignId } = await json<{ googleAdsCampaignId: string }>(await request.get(`/api/google-ads/launches/${launchId}`));
    const state = (await (await request.get(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/state`)).json()) as {
      campaigns: Array<{ id: string; adGroups: Array<{ name: string; adPolicies?: Array<{ headlines?: string[] }> }> }>;
    };
    const group = state.campaigns.find((c) => c.id === googleAdsCampaignId)!.adGroups.find((g) => g.name === 'Low Testosterone')!;
    expect(group.adPolicies![0]!.headlines![1]).toBe('Same-Week Lab Results');
  });
});
