import { expect, request as playwrightRequest, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The patient books in the minute they are most interested (docs/booking.md#pages): a lead sent
 * on a service page lands on the thank-you page with that service's free times; one tap books it
 * for the lead just sent; the appointment page says booked, and 'Change time' moves it. Without
 * script the times are plain forms that land on the same appointment page. What each call
 * answers (409, 422, 410, …) is in jest (services/leads/test/integration/booking*.api.test.ts).
 */
const baseURL = `http://localhost:${process.env.E2E_GATEWAY_PORT ?? '8080'}`;

/** Every day 08:00–20:00 in New York, 30-minute consultations, no notice: a clinic with free times whenever the journey runs. */
const OPEN_EVERY_DAY = (serviceId: number) => {
  const hours = [{ start: '08:00', end: '20:00' }];
  return {
    onlineBooking: true,
    timeZone: 'America/New_York',
    weekly: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours },
    closedDates: [],
    services: [{ serviceId, bookable: true, lengthMinutes: 30 }],
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 30,
    capacity: 1,
    confirmation: 'instant',
  };
};

let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/admin/login', {
    data: { email: process.env.E2E_ADMIN_EMAIL ?? 'admin@healthads.local', password: process.env.E2E_ADMIN_PASSWORD ?? '' },
  });
  expect(login.status()).toBe(200);
});
test.afterAll(async () => admin?.dispose());

/** A clinic of its own (no booking link), one live service page, and its online booking open every day. */
async function bookableClinic(run: string): Promise<{ clientId: number; serviceId: number; path: string; phone: string }> {
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
  const rules = await admin.put(`/api/clients/${clientId}/booking/availability`, { data: OPEN_EVERY_DAY(serviceId) });
  expect(rules.status(), await rules.text()).toBe(200);
  return { clientId, serviceId, path, phone };
}

const runId = () => `${test.info().project.name}-${Date.now().toString(36)}`;

/** The free times of the day the picker shows (days are radio buttons; the chosen day's times are visible). */
const visibleTimes = (scope: Page | Locator) => scope.locator('.picker__panel:visible .picker__time');

test.describe('booking picker', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a lead books a time on the thank-you page, sees it booked, and changes it', async ({ page }) => {
    const clinic = await bookableClinic(runId());
    await page.goto(`/${clinic.path}?client=${clinic.clientId}`);
    const form = page.locator('#contact form');
    await form.getByLabel(/Full Name/).fill('Rosa Booker');
    await form.getByLabel(/Email Address/).fill(`rosa.${Date.now().toString(36)}@example.com`);
    await form.getByLabel(/Phone Number/).fill('(720) 555-0190');
    await form.getByRole('button', { name: 'Find My Match' }).click();

    // The thank-you page of the lead's service: the spec's 'Reserve Your Appointment' with the picker.
    await page.waitForURL(/\/thanks\?/);
    const thanks = new URL(page.url());
    expect(thanks.searchParams.get('service')).toBe(String(clinic.serviceId));
    // The lead's booking token never travels in an address.
    expect(page.url()).not.toMatch(/token/i);
    await expect(page.getByRole('heading', { level: 1, name: 'Reserve Your Appointment' })).toBeVisible();
    await page.getByRole('link', { name: 'Schedule Appointment' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeInViewport();
    const first = visibleTimes(page).first();
    await expect(first).toBeVisible();
    await keepScreen(page, { path: screenPath('booking-thanks-picker'), fullPage: true });
    const chosen = (await first.getAttribute('aria-label'))!;
    await first.click();

    // Booked for the lead: the appointment page, in the clinic's zone.
    await page.waitForURL(/\/appointment\?.*booked=1/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();
    await expect(page.locator('.appointment__facts')).toContainText(chosen);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await keepScreen(page, { path: screenPath('booking-appointment'), fullPage: true });
    const bookedToken = new URL(page.url()).searchParams.get('token');

    // 'Change time': the picker in reschedule mode; another day's time.
    await page.getByRole('button', { name: 'Change time' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeVisible();
    await page.locator('.picker__day').nth(1).click();
    const other = visibleTimes(page).first();
    const moved = (await other.getAttribute('aria-label'))!;
    expect(moved).not.toBe(chosen);
    await other.click();
    await expect(page.getByRole('status').filter({ hasText: 'Your appointment was moved.' })).toBeVisible();
    await expect(page.locator('.appointment__facts')).toContainText(moved);
    // The old link stopped working: the address is the new link's.
    await expect.poll(() => new URL(page.url()).searchParams.get('token')).not.toBe(bookedToken);
    await keepScreen(page, { path: screenPath('booking-moved'), fullPage: true });
    await page.reload();
    await expect(page.locator('.appointment__facts')).toContainText(moved);
  });

  test('without script, a time of the booking page is a form that lands on the appointment page', async ({ browser }) => {
    test.skip(test.info().project.name === 'desktop', 'the plain form is the same at any width');
    const clinic = await bookableClinic(runId());
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
