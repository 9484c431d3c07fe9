import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { logInAsAdmin } from '../support/admin';
import { openEveryDay } from '../support/booking';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The booking page without script (docs/booking.md#the-pickers-form): its times are plain forms that
 * land on the appointment page. Booking on the thank-you page and changing the time from the e-mail's
 * link is booking-journey.spec.ts; what each call answers (409, 422, 410, …) is in jest
 * (services/leads/test/integration/booking*.api.test.ts).
 */

/** A clinic of its own (no booking link), one live service page, and its online booking open every day. */
async function bookableClinic(admin: APIRequestContext, run: string): Promise<{ clientId: number; serviceId: number; path: string; phone: string }> {
  const phone = '(720) 555-0166';
  const created = await admin.post('/api/clients', { data: { name: `Juniper Booking Clinic ${run}`, address: '40 Juniper St, Denver, CO', phone } });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = ((await created.json()) as { data: { id: number } }).data.id;
  const templates = ((await (await admin.get('/api/service-templates')).json()) as { data: Array<{ id: number; slug: string }> }).data;
  const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
  const path = `consult-${run}`;
  const service = await admin.post('/api/services', { data: { name: 'Vitality Consult', path, clientId, templateId: template.id, isActive: true } });
  expect(service.status(), await service.text()).toBe(201);
  const serviceId = ((await service.json()) as { data: { id: number } }).data.id;
  const rules = await admin.put(`/api/clients/${clientId}/booking/availability`, { data: openEveryDay(serviceId, 'America/New_York') });
  expect(rules.status(), await rules.text()).toBe(200);
  return { clientId, serviceId, path, phone };
}

const runId = () => `${test.info().project.name}-${Date.now().toString(36)}`;

/** The free times of the day the picker shows (days are radio buttons; the chosen day's times are visible). */
const visibleTimes = (scope: Page | Locator) => scope.locator('.picker__panel:visible .picker__time');

test.describe('booking picker', () => {
  test.describe.configure({ timeout: 90_000 });

  test('without script, a time of the booking page is a form that lands on the appointment page', async ({ browser }) => {
    test.skip(test.info().project.name === 'desktop', 'the plain form is the same at any width');
    const agency = await browser.newPage();
    await logInAsAdmin(agency);
    const clinic = await bookableClinic(agency.request, runId());
    await agency.close();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/book?client=${clinic.clientId}&service=${clinic.serviceId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Book Your Appointment' })).toBeVisible();
      await keepScreen(page, { path: screenPath('booking-book-noscript'), fullPage: true });
      const first = visibleTimes(page).first();
      const chosen = (await first.getAttribute('aria-label'))!;
      await first.click();
      await page.waitForURL(/\/appointment\?.*booked=1/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();
      await expect(page.locator('.appointment__facts')).toContainText(chosen);
      await expect(page.getByRole('link', { name: `Call ${clinic.phone}` })).toHaveAttribute('href', /^tel:/);
    } finally {
      await context.close();
    }
  });
});
