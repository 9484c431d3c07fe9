import { expect, test } from '@playwright/test';
import { logInAsAdmin } from '../support/admin';
import { clinicWithService, connectGoogleAds } from '../support/google-ads';

/**
 * Offline conversions: a visitor comes from a Google ad (gclid)
 * to a clinic's TRT page and sends the form; an admin moves the lead to
 * Booked (the clinic's conversion status) and sees its Google Ads conversion
 * delivered on the lead; the stack's fake Google Ads API holds one click
 * conversion for it, its order id the lead's id.
 */
test.describe('admin Google Ads offline conversions', () => {
  test('a lead from a Google ad that is booked is uploaded to the clinic’s Google Ads account once', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const run = `${test.info().project.name}${Date.now().toString(36)}`;
    const gclid = `Cj0KCQiA${run}`;
    await logInAsAdmin(page);
    await connectGoogleAds(page);
    const clientId = await clinicWithService(
      page,
      baseURL!,
      { name: `Summit Men's Clinic ${run}`, address: '1450 Larimer Street, Denver, CO 80202', phone: '(720) 555-0133', googleAdsAccountId: '456-789-0123' },
      { name: 'Testosterone Therapy', path: 'trt', templateId: 1 },
    );

    // The visitor's click from the ad carries the gclid to the page, and the page to the lead.
    const visitor = await page.context().browser()!.newPage();
    const landed = await visitor.goto(`${baseURL}/trt?client=${clientId}&utm_source=google&utm_medium=cpc&gclid=${gclid}`);
    expect(landed?.status()).toBe(200);
    const form = visitor.locator('#contact form');
    const name = 'Jordan Ellis';
    await form.getByLabel(/Full Name/).fill(name);
    await form.getByLabel(/Email Address/).fill(`jordan.${run}@example.com`);
    await form.getByLabel(/Phone Number/).fill('(720) 555-0190');
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await visitor.waitForURL(/\/thanks\?/);
    await visitor.close();

    await page.goto(`/admin/leads?client=${clientId}`);
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const detail = page.getByRole('dialog', { name });
    await expect(detail.getByText(gclid).first()).toBeVisible();
    await expect(detail.getByText('Google Ads conversion')).toHaveCount(0);
    await detail.getByLabel(`Status of ${name}`).selectOption('booked');
    await expect(page.getByText(`${name} is now Booked.`).first()).toBeVisible();
    // The conversion goes out through the outbox and the ads service; the detail follows it until it is delivered.
    const conversion = detail.locator('.adm-delivery').filter({ hasText: 'Google Ads conversion' });
    await expect(conversion).toContainText('Delivered', { timeout: 20_000 });

    const leads = (await (await page.request.get(`/api/leads?clientId=${clientId}`)).json()) as { data: { items: Array<{ id: number }> } };
    const leadId = leads.data.items[0]!.id;
    const state = (await (await page.request.get(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/state`)).json()) as { conversions: Array<{ customerId: string; gclid: string; orderId: string }> };
    expect(state.conversions.filter((c) => c.gclid === gclid)).toEqual([expect.objectContaining({ customerId: '4567890123', orderId: String(leadId) })]);
  });
});
