import { expect, test, type Page } from '@playwright/test';
import { CURRENT_LEAD_CONSENT_VERSION, Messages } from '@hap/contracts';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithOwner, linkMailedTo } from '../support/booking';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The front desk's day on a phone (docs/leads.md#the-front-desk, docs/portal.md#roles): the owner
 * invites a front desk user and gives them a new lead; the lead's push reaches the front desk's
 * device (the journeys' loopback push service) and opens the portal on that lead; they find the
 * patient's number as a `tel:` link, log a voicemail in two taps, set a call-back task for tomorrow,
 * and when the patient calls back move its card to Booked on the board; the owner sees all of it on the lead's
 * timeline. The front desk has no Users section, and the API refuses them user management.
 */

const pushUrl = () => process.env.E2E_PUSH_URL!;

interface Pushed {
  endpoint: string;
  payload: string;
}

async function pushesTo(page: Page, endpoint: string): Promise<Array<{ title: string; data: { url: string } }>> {
  const pushes = (await (await page.request.get(`${pushUrl()}/__fake/pushes?endpoint=${encodeURIComponent(endpoint)}`)).json()) as Pushed[];
  return pushes.map((p) => JSON.parse(p.payload) as { title: string; data: { url: string } });
}

test.describe('the front desk’s day', () => {
  test('a push opens the lead, a voicemail is logged, a call-back is set, the lead is booked, the owner sees it all', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const run = `fd${Date.now().toString(36)}`;
    const headers = { origin: baseURL! };

    // The agency makes the clinic; its owner signs in and invites their front desk.
    const agency = await browser.newPage();
    await logInAsAdmin(agency);
    const owner = await browser.newPage();
    const clinic = await clinicWithOwner(agency, owner, baseURL!, run);
    await agency.close();
    const deskEmail = `desk.${run}@juniper-clinic.example`;
    const invited = await owner.request.post('/api/portal/users', { headers, data: { email: deskEmail, role: 'front_desk' } });
    expect(invited.status()).toBe(201);
    const token = new URL(await linkMailedTo(deskEmail, '/portal/accept-invite')).hash.slice('#token='.length);
    const accepted = await page.request.post('/api/portal/accept-invite', { headers, data: { token, password: `front desk ${run} willow`, name: 'Riley Desk' } });
    expect(accepted.status()).toBe(200);

    // The front desk's phone takes pushes: a device of the push service, alerts on.
    const device = (await (await page.request.post(`${pushUrl()}/__fake/subscriptions`)).json()) as { endpoint: string };
    expect((await page.request.post('/api/portal/me/push-subscriptions', { headers, data: device })).status()).toBe(200);
    expect((await page.request.patch('/api/portal/me/notifications', { headers, data: { newLeadPush: 'each' } })).status()).toBe(200);

    // A patient's enquiry arrives; the owner gives it to the front desk.
    const digits = `${Date.now()}`.slice(-4);
    const lead = await browser.newPage();
    const sent = await lead.request.post('/api/leads', {
      headers,
      data: { name: 'Casey Morgan', email: `casey.${run}@example.com`, phone: `(208) 555-${digits}`, clientId: clinic.clientId, serviceId: clinic.serviceId, consentVersion: CURRENT_LEAD_CONSENT_VERSION },
    });
    expect(sent.status()).toBe(201);
    await lead.close();
    const listed = (await (await owner.request.get('/api/portal/leads')).json()) as { data: { items: Array<{ id: number; name: string }> } };
    const leadId = listed.data.items.find((l) => l.name === 'Casey Morgan')!.id;
    const desk = ((await (await owner.request.get('/api/portal/assignees')).json()) as { data: { items: Array<{ id: number; email: string }> } }).data.items.find((u) => u.email === deskEmail)!;
    expect((await owner.request.patch(`/api/portal/leads/${leadId}`, { headers, data: { assigneeId: desk.id } })).status()).toBe(200);

    // 1. The push says only the clinic and the link; the front desk opens the portal from it, on the lead.
    await expect.poll(async () => (await pushesTo(page, device.endpoint)).find((p) => p.title.includes('was given to you')), { timeout: 30_000, message: 'the assignment push' }).toBeTruthy();
    const pushed = (await pushesTo(page, device.endpoint)).find((p) => p.title.includes('was given to you'))!;
    expect(pushed.title).toBe(`A lead of ${clinic.name} was given to you`);
    expect(JSON.stringify(pushed)).not.toContain('Casey');
    await page.goto(new URL(pushed.data.url).pathname + new URL(pushed.data.url).search);
    const detail = page.getByRole('dialog', { name: 'Casey Morgan' });
    // The portal's first paint on this device: its session, the remote and the lead, as a push's tap opens it.
    await expect(detail).toBeVisible({ timeout: 20_000 });
    await expect(detail.getByLabel('Assigned to')).toHaveValue(String(desk.id));

    // 2. The patient's number is a tel: link, the e-mail a mailto: link.
    await expect(detail.getByRole('link', { name: `(208) 555-${digits}` })).toHaveAttribute('href', `tel:+1208555${digits}`);
    await expect(detail.getByRole('link', { name: `casey.${run}@example.com` })).toHaveAttribute('href', `mailto:casey.${run}@example.com`);

    // 3. Nobody answered: 'Log call', then 'Voicemail' — two taps.
    await detail.getByRole('button', { name: 'Log call' }).click();
    await detail.getByRole('button', { name: 'Voicemail' }).click();
    await expect(page.getByText('Call logged').first()).toBeVisible();
    const timeline = detail.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByText('Voicemail')).toBeVisible();

    // 4. A call-back for tomorrow (10 am in the clinic's zone unless changed).
    await detail.getByLabel('Task').fill('Call back after work');
    await detail.getByRole('button', { name: 'Add task' }).click();
    const tasks = detail.getByRole('list', { name: 'Tasks on this lead' });
    await expect(tasks.getByText('Call back after work')).toBeVisible();
    await keepScreen(page, { path: screenPath('front-desk-lead'), fullPage: false });
    expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
    await page.keyboard.press('Escape');

    // The task is on My tasks; the front desk has no Users section.
    await page.goto('/portal/tasks');
    await expect(page.getByRole('list', { name: 'Tasks' }).getByText('Call back after work')).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('dialog').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'My tasks' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);

    // 5. The patient calls back and books: on the board (their own leads), the front desk moves the card to Booked
    // by its 'Move to' menu, a phone's way (the mouse's drag is pipeline-board.spec.ts's).
    await page.goto('/portal/leads?view=board&assignee=me');
    const board = page.getByRole('region', { name: 'Pipeline board' });
    await expect(board.getByRole('region', { name: /New/ }).getByRole('button', { name: 'Casey Morgan', exact: true })).toBeVisible();
    // Narrowed to the service the patient asked about, as the list narrows: the choice stays in the address.
    const boardFilters = page.getByRole('search', { name: 'Filter the board by service and period' });
    await boardFilters.getByLabel('Service').selectOption({ label: 'Hormone Consultation' });
    await boardFilters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]service=${clinic.serviceId}(&|$)`));
    await expect(page).toHaveURL(/[?&]assignee=me(&|$)/);
    await expect(board.getByRole('region', { name: /New/ }).getByRole('button', { name: 'Casey Morgan', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Move Casey Morgan to' }).click();
    await page.getByRole('menuitem', { name: 'Booked' }).click();
    await expect(board.getByRole('region', { name: /Booked/ }).getByRole('button', { name: 'Casey Morgan', exact: true })).toBeVisible();
    await keepScreen(page, { path: screenPath('front-desk-board'), fullPage: false });

    // 6. The owner sees it all on the lead's timeline, each step with who did it.
    await owner.goto(`/portal/leads?lead=${leadId}`);
    const seen = owner.getByRole('dialog', { name: 'Casey Morgan' }).getByRole('list', { name: 'Timeline' });
    await expect(seen.getByText('Assigned to Riley Desk')).toBeVisible();
    await expect(seen.getByText(/Call: Voicemail/)).toContainText('Riley Desk');
    await expect(seen.getByText(/Task: Call back after work/)).toBeVisible();
    await expect(seen.getByText(/→ Booked/)).toContainText('Riley Desk');

    // 7. The front desk manages no users: the API refuses it in words.
    const refused = await page.request.post('/api/portal/users', { headers, data: { email: `more.${run}@juniper-clinic.example`, role: 'front_desk' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(Messages.notClinicOwner);
    await owner.close();
  });
});
