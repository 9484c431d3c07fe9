import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';

/**
 * Connecting Google Ads (docs/campaigns.md#google-ads-connection): from Services
 * Management to the connect page, Google's consent (a loopback fake of
 * Google's OAuth endpoints in the e2e stack) and back, connected.
 */
test.describe('admin Google Ads connection', () => {
  test('an admin connects the agency’s Google Ads account through Google’s consent', async ({ page }) => {
    test.setTimeout(120_000);
    await logInAsAdmin(page);
    await page.goto('/admin/services');
    await page.getByRole('link', { name: 'Connect Google Ads' }).click();
    await expect(page).toHaveURL(/\/admin\/google-ads-connect$/);
    // The page says what the connection is: another journey may have connected the agency already.
    const why = page.getByRole('heading', { name: 'Why connect Google Ads' });
    const isConnected = page.getByRole('heading', { name: 'Google Ads is connected' });
    await expect(why.or(isConnected)).toBeVisible({ timeout: 30_000 });
    if (await why.isVisible()) await page.getByRole('main').getByRole('link', { name: 'Connect Google Ads' }).click();
    else await page.goto('/admin/google-ads-auth');

    await expect(page).toHaveURL(/\/admin\/google-ads-auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Google Ads Authentication' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const connect = page.getByRole('button', { name: 'Connect Google Ads Account' });
    const alreadyConnected = page.getByRole('heading', { name: 'Connected Successfully' });
    await expect(connect.or(alreadyConnected)).toBeVisible();
    // The other project may have connected the agency already: connecting again replaces the token.
    if (await alreadyConnected.isVisible()) await page.goto('/admin/google-ads-auth?error=denied');
    await page.getByRole('button', { name: /Connect Google Ads Account|Try Again/ }).click();

    // The whole browser goes to Google's consent and comes back connected.
    await expect(page).toHaveURL(/\/admin\/google-ads-connect\?connected=true$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Successfully Connected' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Your Google Ads account has been connected successfully.')).toBeVisible();
    await expect(page.getByText('Connected as ads-manager@agency.example.')).toBeVisible();

    await page.goto('/admin/google-ads-auth');
    await expect(page.getByRole('heading', { name: 'Connected Successfully' })).toBeVisible();
    await expect(page.getByText('Already Connected', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Services' }).click();
    await expect(page).toHaveURL(/\/admin\/services$/);
  });

  test('a refused or forged answer from Google shows Connection Failed with Try Again', async ({ page }) => {
    await logInAsAdmin(page);
    // A state that is not this session's unused one is refused (400) by a page that goes on to the auth page.
    const res = await page.goto('/api/google-ads/oauth/callback?code=4/forged&state=1.2.3.4');
    expect(res?.status()).toBe(400);
    await expect(page).toHaveURL(/\/admin\/google-ads-auth\?error=state$/);
    await expect(page.getByRole('heading', { name: 'Connection Failed' })).toBeVisible();
    await expect(page.getByText('There was an error connecting to Google Ads. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});
