import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { parseMail } from '@hap/test-kit/smtp-server';
import { logInAsAdmin } from '../support/admin';
import { clinicWithOwner, linkMailedTo, mailedTo, openEveryDay } from '../support/booking';
import { connectGoogleAds } from '../support/google-ads';
import { linkIn } from '../support/mailbox';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Booking from the ad's click to the consultation (docs/booking.md): a patient from a Google ad sends
 * the form and books on the thank-you page; the appointment's e-mail arrives with its `.ics`; the
 * patient moves it from the e-mail's link; the clinic's owner sees it moved in the portal's calendar
 * and, once its hour has come, marks it showed: the lead is won, and the fake Google Ads API holds
 * one conversion for the click (made by the booking; neither the move nor 'showed' makes another).
 */


interface CalendarItem {
  id: number;
  start: string;
  status: string;
  lead: { status: string } | null;
}

test.describe('booking end to end', () => {
  test('book on the thank-you page, the e-mail and its .ics, move from the link, the clinic marks it showed: lead won, one conversion', async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    const run = `${test.info().project.name === 'mobile' ? 'm' : 'd'}${Date.now().toString(36)}`;
    const gclid = `Cj0KCQiAbook${run}`;
    const agency = await browser.newPage();
    await logInAsAdmin(agency);
    await connectGoogleAds(agency);
    const clinic = await clinicWithOwner(agency, page, baseURL!, run, { googleAdsAccountId: '456-789-0123' });
    const rules = await agency.request.put(`/api/clients/${clinic.clientId}/booking/availability`, { headers: { origin: baseURL! }, data: openEveryDay(clinic.serviceId, 'America/Boise') });
    expect(rules.status()).toBe(200);
    await agency.close();

    // 1. The patient, from the ad, sends the form and books the first free time on the thank-you page.
    const patient = await browser.newPage();
    const email = `dana.${run}@example.com`;
    await patient.goto(`/${clinic.path}?client=${clinic.clientId}&utm_source=google&utm_medium=cpc&gclid=${gclid}`);
    const form = patient.locator('#contact form');
    await form.getByLabel(/Full Name/).fill('Dana Whitfield');
    await form.getByLabel(/Email Address/).fill(email);
    await form.getByLabel(/Phone Number/).fill('(208) 555-0188');
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await patient.waitForURL(/\/thanks\?/);
    await expect(patient.getByRole('heading', { level: 1, name: 'Reserve Your Appointment' })).toBeVisible();
    await patient.getByRole('link', { name: 'Schedule Appointment' }).click();
    const first = patient.locator('.picker__panel:visible .picker__time').first();
    await expect(first).toBeVisible();
    await keepScreen(patient, { path: screenPath('booking-journey-thanks'), fullPage: true });
    const chosen = (await first.getAttribute('aria-label'))!;
    await first.click();
    await patient.waitForURL(/\/appointment\?.*booked=1/);
    await expect(patient.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();
    await expect(patient.locator('.appointment__facts')).toContainText(chosen);

    // 2. The e-mail, in the clinic's name, with the calendar invitation and the link to change it.
    const bookedMail = await mailedTo(email, (m) => linkIn(m, '/appointment') !== null);
    const parsed = await parseMail({ from: '', to: bookedMail.to, raw: bookedMail.raw });
    expect(parsed.subject).toMatch(new RegExp(`^Your appointment at ${clinic.name} is booked: `));
    expect(parsed.from?.value[0]?.name).toBe(clinic.name);
    const ics = parsed.attachments.find((a) => a.filename === 'appointment.ics')!.content.toString('utf8');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toMatch(/UID:appointment-\d+@health-ads-platform/);

    // 3. Later, from the e-mail's link: another day's time.
    await patient.goto(linkIn(bookedMail, '/appointment')!);
    await expect(patient.locator('.appointment__facts')).toContainText(chosen);
    await patient.getByRole('button', { name: 'Change time' }).click();
    await patient.locator('.picker__day').nth(1).click();
    const other = patient.locator('.picker__panel:visible .picker__time').first();
    const moved = (await other.getAttribute('aria-label'))!;
    await other.click();
    await expect(patient.getByRole('status').filter({ hasText: 'Your appointment was moved.' })).toBeVisible();
    await expect(patient.locator('.appointment__facts')).toContainText(moved);
    await keepScreen(patient, { path: screenPath('booking-journey-moved'), fullPage: true });
    // A new e-mail for the new time; the first one's link no longer changes anything.
    const movedLink = await linkMailedTo(email, '/appointment', bookedMail.at);
    expect(movedLink).not.toBe(linkIn(bookedMail, '/appointment'));
    await patient.close();

    // 4. The owner's calendar shows it on its new day.
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    const week = (await (await page.request.get(`/api/portal/booking/calendar?from=${from}&to=${to}`)).json()) as { data: { appointments: CalendarItem[]; timeZone: string } };
    const [appointment] = week.data.appointments;
    expect(week.data.appointments).toHaveLength(1);
    const localDay = (instant: string) => new Date(instant).toLocaleDateString('en-CA', { timeZone: week.data.timeZone });
    await page.goto(`/portal/booking?tab=calendar&view=day&date=${localDay(appointment!.start)}`);
    const chip = page.getByRole('article', { name: /Dana Whitfield/ });
    await expect(chip).toContainText('Booked');
    await expect(chip).toContainText('Hormone Consultation');

    // 5. Its hour comes (the journey cannot wait for it: the appointment is set to have begun 10 minutes ago).
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`UPDATE "leads"."appointments" SET "start_at" = now() - interval '10 minutes', "end_at" = now() + interval '20 minutes' WHERE "id" = $1`, [appointment!.id]);
    } finally {
      await db.end();
    }
    await page.goto(`/portal/booking?tab=calendar&view=day&date=${localDay(new Date().toISOString())}`);
    const begun = page.getByRole('article', { name: /Dana Whitfield/ });
    await expect(begun.getByText('Lead: Booked')).toBeVisible();
    await begun.getByRole('button', { name: 'Showed' }).click();
    await expect(page.getByText('Marked as showed').first()).toBeVisible();
    await expect(begun.getByText('Lead: Won')).toBeVisible();
    await keepScreen(page, { path: screenPath('booking-journey-showed') });

    // 6. One conversion for the click: the booking made it; the move and 'showed' made none.
    const conversions = async () =>
      ((await (await page.request.get(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/state`)).json()) as { conversions: Array<{ gclid: string }> }).conversions.filter(
        (c) => c.gclid === gclid,
      ).length;
    await expect.poll(conversions, { timeout: 30_000, message: 'the booking’s conversion at Google Ads' }).toBe(1);
    const lead = (await (await page.request.get('/api/portal/leads')).json()) as { data: { items: Array<{ name: string; status: string }> } };
    expect(lead.data.items.find((l) => l.name === 'Dana Whitfield')?.status).toBe('won');
    expect(await conversions()).toBe(1);
  });
});
