import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithService, connectGoogleAds } from '../support/google-ads';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/admin.md: Validate Structure never says 'ready for launch' when a
 * launch would fail. A clinic without its Google Ads account (customer ID) is
 * told so, with a link to where it is set; with the account set and Google
 * Ads connected, the spec's sentence.
 */
test.describe('admin Validate Structure tells whether a launch would go through', () => {
  test('a valid structure of a clinic without a Google Ads account names what is missing and where to set it, then is ready', async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    await logInAsAdmin(page);
    const project = test.info().project.name;
    const name = `Readiness ${project} ${Date.now()}`;
    const clientId = await clinicWithService(
      page,
      baseURL!,
      { name, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199', domain: `readiness-${project}-${Date.now()}.example`, googleAdsAccountId: '' },
      { name: 'TRT', path: 'trt', templateId: 1 },
    );

    await page.goto(`/admin/services?client=${clientId}`);
    await page.getByRole('button', { name: /^Preview Google Ads of / }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Google Ads Campaign Preview' });
    await dialog.getByRole('button', { name: 'Validate Structure' }).click();

    const readiness = dialog.getByRole('region', { name: 'Launch readiness' });
    await expect(readiness).toContainText(`${name} has no Google Ads account ID (customer ID)`);
    const link = readiness.getByRole('link', { name: `Set ${name}'s Google Ads account in Clients` });
    await expect(link).toHaveAttribute('href', '/admin/clients');
    await expect(page.getByText('correct and ready for launch')).toHaveCount(0);
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await readiness.scrollIntoViewIfNeeded();
    await keepScreen(page, { path: screenPath('after-validate-missing') });

    // The link goes where the account is set.
    await link.click();
    await expect(page).toHaveURL(/\/admin\/clients$/);

    // With the account set and Google Ads connected, nothing is missing: the spec's sentence.
    const saved = await page.request.patch(`/api/clients/${clientId}`, { headers: { origin: baseURL! }, data: { googleAdsAccountId: '123-456-7890' } });
    expect(saved.ok()).toBeTruthy();
    await connectGoogleAds(page);
    await page.goto(`/admin/services?client=${clientId}`);
    await page.getByRole('button', { name: /^Preview Google Ads of / }).first().click();
    await dialog.getByRole('button', { name: 'Validate Structure' }).click();
    await expect(readiness).toContainText('The Google Ads structure is correct and ready for launch.');
    await expect(readiness.getByRole('link')).toHaveCount(0);
    await readiness.scrollIntoViewIfNeeded();
    await keepScreen(page, { path: screenPath('after-validate-ready') });
  });
  // A clinic without a domain is no longer held back (docs/domains.md: its campaigns land on the
  // platform's host with ?client=), so the dialog's 'has no domain' case is gone; a failing domain of
  // its own is the `domain` requirement now (services/ads/test/integration/preview.api.test.ts).
});
