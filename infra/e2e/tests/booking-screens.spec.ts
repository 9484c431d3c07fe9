import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithOwner } from '../support/booking';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The clinic's booking screens through the whole stack (docs/booking.md#screens): the owner sets the
 * hours in Settings (a range that ends before it starts is refused at the field), makes the clinic
 * confirm each booking, a patient books through the public API with their lead's token, and the
 * owner finds the appointment in the Calendar with the patient's name, confirms it, moves it to
 * another free time and cancels it; the calendar feed's address is shown and renewed. The agency
 * reaches the same screen from the clinic's Actions.
 */

const shot = (name: string) => screenPath(`booking-${name}`);

interface Slot {
  start: string;
  local: string;
}

/** A patient's lead and booking through the public API, with the lead's booking token: the first free time of the first day with two or more. */
async function bookAsPatient(request: APIRequestContext, baseURL: string, where: { clientId: number; serviceId: number }, patient: string) {
  const headers = { origin: baseURL };
  const lead = await request.post('/api/leads', { headers, data: { name: patient, email: `${patient.toLowerCase().replace(/\W+/g, '.')}@example.com`, phone: '(208) 555-0177', ...where } });
  expect(lead.status()).toBe(201);
  const bookingToken = ((await lead.json()) as { data: { bookingToken: string } }).data.bookingToken;
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString();
  const slots = await request.get(`/api/booking/slots?clientId=${where.clientId}&serviceId=${where.serviceId}&from=${from}&to=${to}`);
  expect(slots.status()).toBe(200);
  const list = ((await slots.json()) as { data: { slots: Slot[]; timeZone: string } }).data;
  const day = list.slots.map((s) => s.local.slice(0, 10)).find((d, _, all) => all.filter((x) => x === d).length >= 2);
  expect(day, 'a day with two free times in the next 14 days').toBeTruthy();
  const slot = list.slots.find((s) => s.local.startsWith(day!))!;
  const booked = await request.post('/api/bookings', { headers, data: { ...where, start: slot.start, idempotencyKey: `e2e-${Date.now().toString(36)}`, leadToken: bookingToken } });
  expect(booked.status()).toBe(201);
  return { slot, timeZone: list.timeZone, status: ((await booked.json()) as { data: { status: string } }).data.status };
}

/** `9:30 AM` of an instant in `zone`, any space before AM/PM. */
const clock = (instant: string, zone: string) =>
  new RegExp(new Date(instant).toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).replace(/\s/g, '\\s?'));

test.describe('clinic booking screens', () => {
  test('the owner sets the hours, then confirms, moves and cancels a patient’s booking in the calendar; the feed address is shown', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const run = `${test.info().project.name === 'mobile' ? 'm' : 'd'}${Date.now().toString(36)}`;
    const agency = await browser.newPage();
    await logInAsAdmin(agency);
    const clinic = await clinicWithOwner(agency, page, baseURL!, run);

    // 1. Settings: the defaults, said so; Saturday hours that end before they start are refused at the field.
    await page.goto('/portal/booking?tab=settings');
    await expect(page.getByRole('heading', { name: 'Booking', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('These are the default hours and rules; save to make them yours.')).toBeVisible();
    await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
    const saturdayUntil = page.getByLabel('Saturday, hours 1, until');
    await expect(page.getByLabel('Saturday, hours 1, from')).toHaveValue('09:00');
    await saturdayUntil.fill('08:30');
    await page.getByRole('radio', { name: 'The clinic confirms each booking' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(saturdayUntil).toHaveAttribute('aria-invalid', 'true');
    await expect(saturdayUntil).toHaveAccessibleDescription('The range must end after it starts');
    await keepScreen(page, { path: shot('settings-error'), fullPage: true });
    await saturdayUntil.fill('13:00');
    await expect(saturdayUntil).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Length of Hormone Consultation (minutes)')).toHaveValue('30');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Booking settings saved').first()).toBeVisible();
    await expect(page.getByText('These are the default hours and rules; save to make them yours.')).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Saturday, hours 1, until')).toHaveValue('13:00');
    await expect(page.getByRole('radio', { name: 'The clinic confirms each booking' })).toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: shot('settings'), fullPage: true });

    // 2. A patient books through the public API with their lead's token: pending, as the clinic confirms each.
    const patient = `Jordan Ellis ${run}`;
    const { slot, timeZone, status } = await bookAsPatient(page.request, baseURL!, { clientId: clinic.clientId, serviceId: clinic.serviceId }, patient);
    expect(status).toBe('pending');

    // 3. The calendar's week of that day, in the clinic's zone: the appointment with the patient's name.
    await page.goto(`/portal/booking?tab=calendar&view=week&date=${slot.local.slice(0, 10)}`);
    const chip = page.getByRole('button', { name: new RegExp(patient) });
    await expect(chip).toContainText('Awaiting confirmation');
    await expect(chip).toContainText(clock(slot.start, timeZone));
    await expect(chip).toContainText('Hormone Consultation');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: shot('week'), fullPage: true });

    // 4. Confirm.
    await chip.click();
    const details = page.getByRole('dialog', { name: 'Appointment' });
    await expect(details.getByRole('link', { name: '(208) 555-0177' })).toHaveAttribute('href', 'tel:+12085550177');
    await expect(details.getByText('Lead: Booked')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Showed' })).toHaveCount(0);
    await keepScreen(page, { path: shot('appointment') });
    await details.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Appointment confirmed').first()).toBeVisible();
    await expect(details.getByText('Booked', { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

    // 5. Move to another free time of the same day.
    await details.getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('dialog', { name: 'Move the appointment' });
    const times = move.getByRole('radiogroup', { name: /^Free times on/ }).getByRole('radio');
    await expect(times.first()).toBeVisible();
    const target = (await times.first().textContent())!.trim();
    await times.first().click();
    await keepScreen(page, { path: shot('move') });
    await move.getByRole('button', { name: `Move to ${target}` }).click();
    await expect(page.getByText('Appointment moved').first()).toBeVisible();
    await expect(move).toHaveCount(0);
    await expect(details).toContainText(target);

    // 6. Cancel, after a confirmation.
    await details.getByRole('button', { name: 'Cancel', exact: true }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await expect(cancel).toContainText(patient);
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByText('Appointment cancelled').first()).toBeVisible();
    await expect(details.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(details.getByText('Lead: Contacted')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Move' })).toHaveCount(0);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toHaveCount(0);
    await expect(chip).toContainText('Cancelled');

    // 7. The day view of the same day, and the calendar feed's address under the calendar; a new one replaces it.
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=day/);
    await expect(page.getByRole('article', { name: new RegExp(patient) })).toContainText('Cancelled');
    const feed = page.getByLabel('Calendar address');
    await expect(feed).toHaveValue(/\/api\/booking\/feed\//);
    const first = await feed.inputValue();
    await keepScreen(page, { path: shot('day'), fullPage: true });
    await page.getByRole('button', { name: 'Make a new address' }).click();
    const renew = page.getByRole('dialog', { name: 'Make a new calendar address?' });
    await expect(renew).toContainText('stops working at once');
    await renew.getByRole('button', { name: 'Make a new address' }).click();
    await expect(page.getByText('New calendar address made').first()).toBeVisible();
    await expect(feed).not.toHaveValue(first);
    await expect(feed).toHaveValue(/\/api\/booking\/feed\//);

    // 8. The agency: the clinic's Actions → Booking, the same settings as the owner saved them.
    await agency.goto(`/admin/clients?q=${encodeURIComponent(clinic.name)}`);
    await agency.getByRole('button', { name: `Actions for ${clinic.name}` }).click();
    await agency.getByRole('menuitem', { name: 'Booking' }).click();
    await expect(agency.getByRole('heading', { name: `Booking of ${clinic.name}` })).toBeVisible();
    await agency.getByRole('tab', { name: 'Settings' }).click();
    await expect(agency.getByLabel('Saturday, hours 1, until')).toHaveValue('13:00');
    await agency.close();
  });
});
