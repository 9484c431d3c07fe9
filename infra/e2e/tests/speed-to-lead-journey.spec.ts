import { expect, test, type APIRequestContext } from '@playwright/test';
import { Client } from 'pg';
import { DEFAULT_MESSAGING_SETTINGS, SMS_BLOCKED } from '@hap/contracts';
import { logInAsAdmin } from '../support/admin';
import { clinicWithOwner } from '../support/booking';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Speed to lead end to end (docs/speed-to-lead.md): a patient sends the form with consent; the first text,
 * with the booking link, reaches the loopback fake of Twilio's API within 60 s; the patient answers (a
 * webhook signed as Twilio signs it); the clinic's owner sees the answer on the lead's timeline in the
 * portal and replies from there; the patient's STOP stops the follow-ups and closes the reply box; a
 * number that is no lead's texts, and the agency reads it on Patient Messages.
 */

interface FakeText {
  sid: string;
  to: string;
  from: string;
  body: string;
}

const twilioUrl = () => process.env.E2E_TWILIO_URL!;
const textsTo = async (request: APIRequestContext, to: string) => ((await (await request.get(`${twilioUrl()}/__fake/messages?to=${encodeURIComponent(to)}`)).json()) as FakeText[]);
/** The patient texts the clinic: the fake posts Twilio's signed inbound webhook to the gateway. */
async function patientTexts(request: APIRequestContext, baseURL: string, from: string, body: string) {
  const sent = await request.post(`${twilioUrl()}/__fake/inbound`, { data: { webhookUrl: `${baseURL}/api/webhooks/sms/inbound`, from, body } });
  expect(((await sent.json()) as { status: number }).status).toBe(200);
}

test.describe('speed to lead end to end', () => {
  test('the first text within a minute, the patient answers, the clinic replies from the timeline, STOP stops it', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const run = `${test.info().project.name === 'mobile' ? 'm' : 'd'}${Date.now().toString(36)}`;
    const digits = `${Date.now()}`.slice(-4);
    const phone = `(212) 555-${digits}`;
    const e164 = `+1212555${digits}`;
    const agency = await browser.newPage();
    await logInAsAdmin(agency);
    const clinic = await clinicWithOwner(agency, page, baseURL!, run);
    await agency.close();
    // No quiet hours for this clinic: the journey runs at any hour (the rule itself is unit- and API-tested).
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO "leads"."messaging_settings" ("client_id", "settings")
         SELECT $1, jsonb_set(COALESCE((SELECT "settings" FROM "leads"."messaging_settings" WHERE "client_id" = 0), $2::jsonb), '{quietHours}', '{"start":"00:00","end":"00:00"}')`,
        [clinic.clientId, JSON.stringify(DEFAULT_MESSAGING_SETTINGS)],
      );
    } finally {
      await db.end();
    }

    // 1. The patient sends the form, with the form's consent.
    const patient = await browser.newPage();
    await patient.goto(`/${clinic.path}?client=${clinic.clientId}&utm_source=google&utm_medium=cpc`);
    const form = patient.locator('#contact form');
    await form.getByLabel(/Full Name/).fill('Jordan Ellis');
    await form.getByLabel(/Email Address/).fill(`jordan.${run}@example.com`);
    await form.getByLabel(/Phone Number/).fill(phone);
    const sentAt = Date.now();
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await patient.waitForURL(/\/thanks\?/);
    await patient.close();

    // 2. The first text reaches Twilio within 60 s, in the clinic's words, with the booking link.
    await expect.poll(async () => (await textsTo(page.request, e164)).length, { timeout: 60_000, message: 'the first text' }).toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(60_000);
    const [first] = await textsTo(page.request, e164);
    expect(first!.body).toContain(`Hi Jordan, thanks for contacting ${clinic.name}.`);
    expect(first!.body).toMatch(new RegExp(`${baseURL}/book\\?client=${clinic.clientId}&service=${clinic.serviceId}&token=`));

    // 3. The patient answers; the owner sees it on the lead's timeline and replies.
    await patientTexts(page.request, baseURL!, e164, 'Can I come in Saturday morning?');
    await page.goto('/portal/leads');
    await page.getByRole('button', { name: 'Open Jordan Ellis' }).click();
    const detail = page.getByRole('dialog', { name: 'Jordan Ellis' });
    const timeline = detail.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByText('Can I come in Saturday morning?')).toBeVisible();
    await expect(timeline.getByText(/Text to the patient \(first reply\)/)).toBeVisible();
    await expect(timeline.getByText(/Follow-up text 1 stopped/)).toBeVisible();
    await detail.getByLabel('Text the patient').fill('Yes — Saturday 10:00 works. See you then!');
    await detail.getByRole('button', { name: 'Send text' }).click();
    await expect(timeline.getByText('Yes — Saturday 10:00 works. See you then!')).toBeVisible();
    await expect(detail.getByLabel('Text the patient')).toHaveValue('');
    // The clinic's first text is its first contact: the lead is contacted now.
    await expect(detail.getByLabel('Status of Jordan Ellis')).toHaveValue('contacted');
    await expect.poll(async () => (await textsTo(page.request, e164)).map((t) => t.body).at(-1)).toBe('Yes — Saturday 10:00 works. See you then!');
    await detail.getByRole('heading', { name: 'Timeline' }).scrollIntoViewIfNeeded();
    await keepScreen(page, { path: screenPath('speed-to-lead-timeline') });

    // 4. STOP: the reply box closes with the reason, and nothing more is sent.
    await patientTexts(page.request, baseURL!, e164, 'STOP');
    await expect(detail.getByText(SMS_BLOCKED.optedOut)).toBeVisible({ timeout: 15_000 });
    await expect(detail.getByLabel('Text the patient')).toHaveCount(0);
    expect(await textsTo(page.request, e164)).toHaveLength(2);
    await detail.getByText(SMS_BLOCKED.optedOut).scrollIntoViewIfNeeded();
    await keepScreen(page, { path: screenPath('speed-to-lead-stopped') });

    // 5. A number that is no lead's texts: a conversation of its own, on the agency's Patient Messages.
    const stranger = `+1646555${digits}`;
    await patientTexts(page.request, baseURL!, stranger, `Do you take walk-ins? ${run}`);
    const admin = await browser.newPage();
    await logInAsAdmin(admin);
    await admin.goto('/admin/messaging');
    const texts = admin.getByRole('region', { name: 'Texts from numbers that are no lead' });
    await expect(texts.getByText(`Do you take walk-ins? ${run}`)).toBeVisible();
    await expect(texts.getByRole('link', { name: `+1 (646) 555-${digits}` })).toHaveAttribute('href', `tel:${stranger}`);
    await texts.scrollIntoViewIfNeeded();
    await keepScreen(admin, { path: screenPath('patient-messages-unmatched') });
    await admin.close();
  });
});
