import { expect, test, type Locator } from '@playwright/test';
import { startLoopbackDns, type LoopbackDns } from '@hap/test-kit/dns-server';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/domains.md, 'Done when': an admin adds a clinic's own domain from the
 * client's Actions menu, sees the DNS records to set (a CNAME to the edge, a
 * TXT token), and sees the domain turn verified once a real DNS server on
 * loopback (dns2, at the port the stack's DNS_RESOLVER names) serves them.
 * The clinic's portal then shows it verified (the agency's read-only view:
 * no form or buttons, and the words saying who may change domains).
 */
const shot = (name: string) => screenPath(`custom-domains-${name}`);

/** A domain's record of `type`: its row of type, name, and value beside its Copy button. */
const recordRow = (card: Locator, type: string) => card.getByRole('row').filter({ has: card.page().getByRole('cell', { name: type, exact: true }) });

test.describe('custom domains', () => {
  let dns: LoopbackDns;
  test.beforeAll(async () => {
    dns = await startLoopbackDns({ port: Number(process.env.E2E_DNS_PORT) });
  });
  test.afterAll(async () => {
    await dns?.close();
  });

  test('an admin adds a domain, sees the records to set, and it turns verified once DNS serves them; the clinic portal shows it', async ({ page }) => {
    test.setTimeout(60_000);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    const name = `Alder Clinic ${run}`;
    const domain = `www.${run}.alder-clinic.test`;
    await logInAsAdmin(page);
    const created = await page.request.post('/api/clients', { data: { name, address: '9 Alder Lane, Eugene, OR', phone: '(541) 555-0133' } });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { data: { id: number } }).data.id;

    // The client's Actions menu opens its Domains screen.
    // The search has run once the URL carries it (leaving before that, its late navigation would bring the list back).
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(name);
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Domains' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/clients/${clientId}/domains$`));
    await expect(page.getByRole('heading', { name: `Domains of ${name}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No domain yet' })).toBeVisible();

    // The contracts' own schema speaks before anything is sent; the API's host name rules answer at the field.
    const field = page.getByRole('textbox', { name: 'Domain' });
    const add = page.getByRole('button', { name: 'Add domain' });
    await add.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a domain, like www.clinic.com' })).toBeVisible();
    await field.fill(`https://${domain}/trt`);
    await add.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter only the host name' })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    // Added: pending, with a CNAME to the edge and the TXT token, each value beside a Copy button.
    await field.fill(domain);
    await add.click();
    const card = page.getByRole('article', { name: domain });
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(field).toHaveValue('');
    const cname = recordRow(card, 'CNAME');
    await expect(cname.getByText(domain, { exact: true })).toBeVisible();
    await expect(cname.getByText(process.env.E2E_EDGE_HOST!, { exact: true })).toBeVisible();
    await expect(cname.getByRole('button', { name: 'Copy the CNAME value' })).toBeVisible();
    const txt = recordRow(card, 'TXT');
    await expect(txt.getByText(`_hap-challenge.${domain}`, { exact: true })).toBeVisible();
    const token = (await txt.locator('code').filter({ hasText: /^hap-verify=/ }).textContent()) ?? '';
    expect(token).toMatch(/^hap-verify=[\w-]{20,}$/);
    await expect(txt.getByRole('button', { name: 'Copy the TXT value' })).toBeVisible();
    await keepScreen(page, { path: shot('admin-pending'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Checked before the records exist: still pending, with what is missing in words.
    await card.getByRole('button', { name: `Check ${domain} now` }).click();
    await expect(page.getByText('Not verified yet', { exact: true })).toBeVisible();
    await expect(card.getByRole('status')).toHaveText(/DNS records not found yet|TXT record missing|Routing record missing/);
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();

    // The loopback DNS server serves the two records; Check now (or the screen's own re-read) turns it verified.
    dns.set(domain, { CNAME: process.env.E2E_EDGE_HOST! });
    dns.set(`_hap-challenge.${domain}`, { TXT: [token] });
    await card.getByRole('button', { name: `Check ${domain} now` }).click();
    await expect(card.getByText('Verified', { exact: true })).toBeVisible();
    await expect(card.getByRole('status')).toHaveText(/The DNS records are in place/);
    await expect(card.getByText('DNS records (keep them in place)')).toBeVisible();

    // The clinic's portal shows it too; the agency's read-only view of it (as the clinic's staff see it) has no form or buttons.
    const viewing = await page.request.post('/api/admin/view-as', { data: { clientId } });
    expect(viewing.ok()).toBe(true);
    const portal = await page.context().newPage();
    await portal.goto('/portal/domains');
    await expect(portal.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible();
    await expect(portal.getByRole('article', { name: domain }).getByText('Verified', { exact: true })).toBeVisible();
    await expect(portal.getByRole('note')).toHaveText(/read-only view/);
    await expect(portal.getByRole('textbox', { name: 'Domain' })).toHaveCount(0);
    await expect(portal.getByRole('button', { name: `Check ${domain} now` })).toHaveCount(0);
    await expect(portal.getByRole('button', { name: `Remove ${domain}` })).toHaveCount(0);
    await keepScreen(portal, { path: shot('portal-read-only'), fullPage: true });
    await portal.close();
    expect((await page.request.delete('/api/admin/view-as')).ok()).toBe(true);

    // Removing asks first; then the clinic has no domain again.
    await card.getByRole('button', { name: `Remove ${domain}` }).click();
    await page.getByRole('group', { name: `Remove ${domain}?` }).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No domain yet' })).toBeVisible();
    dns.clear(domain);
    dns.clear(`_hap-challenge.${domain}`);
  });
});
