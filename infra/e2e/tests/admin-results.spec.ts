import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithTrt, connectGoogleAds, journeyRun } from '../support/google-ads';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/results-and-experiments.md: an ad click lands on a clinic's page with Google's click id and
 * campaign id, the visitor sends a lead, the clinic books it, Google Ads
 * reports what the campaign cost (the stack's fake Google Ads API, read by the
 * ads worker), and the admin's Results screen shows the visit, the lead, the
 * booking, the spend and the cost per booking for that clinic.
 *//** A visitor's browser: headless Chromium says so in its user agent, and bots are not counted. */
const VISITOR_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.describe('admin Results', () => {
  test('an ad click becomes a visit, a lead and a booking on the clinic’s Results', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const run = journeyRun();
    // An account of this clinic's own, so what the fake reports for it is this journey's alone.
    const digits = String(Date.now()).slice(-10);
    const account = `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    const today = new Date().toISOString().slice(0, 10);
    await logInAsAdmin(page);
    const clientId = await clinicWithTrt(page, baseURL!, run, { name: 'Results Clinic', domainPrefix: 'results', address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199', googleAdsAccountId: account });

    // The clinic's campaign as Google Ads has it (the fake's own id): what the click's landing URL names.
    const made = await page.request.post(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/campaigns`, {
      data: { customerId: digits, name: `TRT Results ${run}`, status: 'ENABLED', adGroups: ['TRT'], budgetMicros: 20_000_000 },
    });
    const campaignId = ((await made.json()) as { id: string }).id;

    // The visitor: a browser of their own (the admin's own page views are not the clinic's visitors).
    const visitor = await browser.newContext({ userAgent: VISITOR_AGENT, viewport: page.viewportSize() ?? undefined });
    const landing = await visitor.newPage();
    await landing.goto(`/trt-${run}?client=${clientId}&gclid=e2e-results-click&hap_cid=${campaignId}`);
    const form = landing.locator('#contact form');
    await form.getByLabel(/Full Name/).fill('Dana Reyes');
    await form.getByLabel(/Email Address/).fill(`dana+${run}@example.com`);
    await form.getByLabel(/Phone Number/).fill('(512) 555-0144');
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await landing.waitForURL(/\/thanks\?/);
    await visitor.close();

    // The admin's sidebar counts leads awaiting a first contact (every clinic's; the drawer holds it on a phone).
    if (test.info().project.name === 'desktop') {
      await page.reload();
      await expect(page.getByRole('link', { name: /^Leads \d+ new leads?$/ })).toBeVisible();
    }

    // The clinic books the lead.
    const leads = (await (await page.request.get(`/api/leads?clientId=${clientId}`)).json()) as { data: { items: Array<{ id: number }> } };
    expect(leads.data.items).toHaveLength(1);
    const booked = await page.request.patch(`/api/leads/${leads.data.items[0]!.id}/status`, { headers: { origin: baseURL! }, data: { status: 'booked' } });
    expect(booked.ok()).toBeTruthy();

    // Google Ads reports the campaign's day: $25 for 40 clicks. The agency reads it now (the hourly read would, later).
    const scripted = await page.request.post(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/script`, {
      data: {
        performance: {
          [digits]: {
            campaigns: [{ date: today, campaignId, campaignName: 'TRT Results', impressions: 900, clicks: 40, costMicros: 25_000_000, conversions: 1, conversionValue: 25, searchImpressionShare: 0.64 }],
            // What people typed: one term spent $21.40 and brought nothing; the other brought the lead.
            searchTerms: [
              { date: today, campaignId, adGroupId: '1', searchTerm: 'free testosterone online', impressions: 300, clicks: 12, costMicros: 21_400_000, conversions: 0, conversionValue: 0 },
              { date: today, campaignId, adGroupId: '1', searchTerm: 'trt clinic austin', impressions: 200, clicks: 9, costMicros: 3_600_000, conversions: 1, conversionValue: 25 },
            ],
            // Google's keyword report: one keyword spent $52.50 without a conversion.
            keywords: [
              { date: today, campaignId, adGroupId: '1', adGroupName: 'TRT', criterionId: '71', text: 'testosterone shots', matchType: 'PHRASE', impressions: 400, clicks: 25, costMicros: 52_500_000, conversions: 0, conversionValue: 0, searchImpressionShare: 0.0999 },
            ],
          },
        },
        // Google limits the campaign by its $20 daily budget.
        budgetLimited: [campaignId],
      },
    });
    expect(scripted.ok()).toBeTruthy();
    await connectGoogleAds(page);
    // The clinic's month: a $30 budget, $40 a booking counted as good (docs/campaigns.md#budget-pacing).
    const budget = await page.request.patch(`/api/clients/${clientId}`, { headers: { origin: baseURL! }, data: { monthlyAdBudget: 30, targetCostPerBooking: 40 } });
    expect(budget.ok()).toBeTruthy();

    await page.goto(`/admin/results?client=${clientId}`);
    await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
    const tiles = page.getByRole('list', { name: 'Totals' });
    const tile = (label: string) => tiles.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
    // The view is folded into the rollups within a second here; the screen asks again when told to.
    // Each try waits for the reloaded screen to show its numbers (slow on a busy machine), then reads them.
    await expect(async () => {
      await page.reload();
      await expect(tile('Visits')).toBeVisible({ timeout: 15_000 });
      await expect(tile('Visits').locator('.res-tile__value')).toHaveText('1', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(tile('Leads').locator('.res-tile__value')).toHaveText('1');
    await expect(tile('Booked').locator('.res-tile__value')).toHaveText('1');
    // The agency reads the clinic's Google Ads now (the hourly read would, later): the screen follows the read and then shows its figures.
    await page.getByRole('button', { name: 'Read Google Ads now' }).click();
    await expect(page.getByText('The figures are as Google Ads reports them now.').first()).toBeVisible({ timeout: 60_000 });
    await expect(tile('Spend').locator('.res-tile__value')).toHaveText('$25.00');
    // What the money bought, at what price (docs/results-and-experiments.md#the-results-screen): $25 for 40 clicks of 900 impressions.
    await expect(tile('Clicks').locator('.res-tile__value')).toHaveText('40');
    await expect(tile('CTR').locator('.res-tile__value')).toHaveText('4.4%');
    await expect(tile('Avg. CPC').locator('.res-tile__value')).toHaveText('$0.63');
    await expect(tile('Cost per booking (paid)').locator('.res-tile__value')).toHaveText('$25.00');
    await expect(tile('Cost per lead (paid)').locator('.res-tile__value')).toHaveText('$25.00');
    await expect(tile('Cost per lead (all leads)').locator('.res-tile__value')).toHaveText('$25.00');
    // Budget pacing: $25 of the $30 budget (83 %), and the campaign limited by budget books below the target.
    const pacing = page.getByRole('region', { name: 'Budget pacing' });
    await expect(pacing).toContainText('Over 80 % spent');
    await expect(pacing.getByRole('meter')).toHaveAttribute('aria-valuenow', '83');
    await expect(pacing).toContainText(`TRT Results: Google limits it by its $20.00 daily budget.`);
    await expect(pacing).toContainText('It books below the $40.00 target: more budget is likely to buy more bookings. Recommended: raise its daily budget from $20.00 to $24.00.');
    const funnel = page.getByRole('region', { name: 'Funnel' });
    await expect(funnel).toContainText('too few visits to tell');

    // By source: the click came from Google Ads; by campaign: the one its URL named.
    const breakdown = page.getByRole('region', { name: /^By / });
    await page.getByRole('tab', { name: 'Source' }).click();
    await expect(breakdown.getByRole('row', { name: /Google Ads/ })).toContainText('1');
    await page.getByRole('tab', { name: 'Campaign' }).click();
    const campaign = breakdown.getByRole('row', { name: /TRT Results/ });
    for (const [column, value] of [['Impressions', '900'], ['Clicks', '40'], ['CTR', '4.4%'], ['Search impr. share', '64%'], ['Avg. CPC', '$0.63'], ['Spend', '$25.00'], ['Cost per booking (paid)', '$25.00']]) {
      await expect(campaign.locator(`td[data-label="${column}"]`)).toHaveText(value!);
    }
    // Visits, leads and spend by day, and the clicks and average CPC by day.
    await expect(page.locator('.res-chart__canvas[data-drawn]')).toHaveCount(2);
    await expect(page.getByRole('img', { name: /^Google Ads clicks and average cost per click by day/ })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: screenPath('results'), fullPage: true });

    // The CSV has the same rows.
    const download = page.waitForEvent('download');
    await breakdown.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^results-by-campaign-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    // A recommendation with its evidence, applied after confirming: it reaches Google Ads once (after its
    // validate_only check) and is in the audit log (docs/campaigns.md#recommendations).
    const recommendations = page.getByRole('region', { name: 'Recommendations' });
    const listed = recommendations.getByRole('list', { name: 'Recommended changes' }).getByRole('listitem');
    await expect(listed).toHaveCount(2);
    const recommended = listed.filter({ hasText: 'free testosterone online' });
    await expect(recommended).toContainText('‘free testosterone online’ cost $21.40 for 12 clicks');
    await expect(recommended).toContainText('Add [free testosterone online] as an exact-match negative keyword to the campaign ‘TRT Results’.');
    await recommended.getByRole('button', { name: 'Exclude free testosterone online from TRT Results' }).click();
    const confirm = page.getByRole('dialog', { name: 'Add a negative keyword?' });
    await expect(confirm).toContainText(`Google Ads account ${account}`);
    await confirm.getByRole('button', { name: 'Add negative keyword' }).click();
    await expect(page.getByText('[free testosterone online] is now a negative keyword of ‘TRT Results’').first()).toBeVisible();
    await expect(recommendations.getByRole('list', { name: 'Applied changes' })).toContainText('Add [free testosterone online] as an exact-match negative keyword');
    // The keyword that spent without a conversion, paused after confirming.
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('The keyword "testosterone shots" cost $52.50 for 25 clicks');
    await listed.getByRole('button', { name: 'Pause the keyword testosterone shots in TRT Results' }).click();
    const pause = page.getByRole('dialog', { name: 'Pause the keyword?' });
    await expect(pause).toContainText('Pause the keyword "testosterone shots" in the ad group ‘TRT’ of ‘TRT Results’.');
    await pause.getByRole('button', { name: 'Pause keyword' }).click();
    await expect(page.getByText('The keyword "testosterone shots" is paused in ‘TRT’: it no longer spends.').first()).toBeVisible();
    await expect(recommendations.getByText('Nothing to recommend')).toBeVisible();
    // The ad groups, their keywords added up; the keywords by ad group, with what each cost: '—' a conversion where none came.
    await recommendations.getByText('Ad groups (1)').click();
    const adGroupRow = recommendations.getByRole('region', { name: 'Ad groups (scrolls sideways)' }).getByRole('row', { name: /^TRT/ });
    for (const [column, value] of [['Keywords', '1'], ['Clicks', '25'], ['Cost', '$52.50'], ['Cost per conversion', '—']]) {
      await expect(adGroupRow.locator(`td[data-label="${column}"]`)).toHaveText(value!);
    }
    await recommendations.getByText('Keywords (1)').click();
    const keywordRow = recommendations.getByRole('row', { name: /testosterone shots/ });
    for (const [column, value] of [['Ad group', 'TRT'], ['Clicks', '25'], ['Search impr. share', '< 10%'], ['Avg. CPC', '$2.10'], ['Cost', '$52.50'], ['Cost per conversion', '—']]) {
      await expect(keywordRow.locator(`td[data-label="${column}"]`)).toHaveText(value!);
    }
    const state = (await (await page.request.get(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/state`)).json()) as { calls: Array<{ customerId: string; validateOnly: boolean; updates?: string[] }> };
    const negatives = state.calls.filter((c) => c.customerId === digits && c.updates?.includes('campaign_criterion.negative_keyword=free testosterone online:EXACT'));
    expect(negatives.map((c) => c.validateOnly)).toEqual([true, false]);
    const pauses = state.calls.filter((c) => c.customerId === digits && c.updates?.includes('ad_group_criterion.status=PAUSED'));
    expect(pauses.map((c) => c.validateOnly)).toEqual([true, false]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: screenPath('results-recommendations'), fullPage: true });
    await page.goto('/admin/audit');
    await expect(page.getByText(/Added \[free testosterone online\] as a negative keyword to campaign ‘TRT Results’ for Results Clinic/).first()).toBeVisible();
  });
});
