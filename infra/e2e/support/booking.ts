import { expect, type Page } from '@playwright/test';
import { linkIn, mailTo, type StoredMail } from './mailbox';

/**
 * Booking journeys' clinics (docs/booking.md): made through the APIs by the agency's session, with
 * one live service and its owner signed in on another page.
 */

/** Every day 07:00–21:00 in `timeZone`, 30-minute consultations of `serviceId`, no notice: free times whenever a journey runs. */
export function openEveryDay(serviceId: number, timeZone: string) {
  const hours = [{ start: '07:00', end: '21:00' }];
  return {
    onlineBooking: true,
    timeZone,
    weekly: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours },
    closedDates: [],
    services: [{ serviceId, bookable: true, lengthMinutes: 30 }],
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 30,
    capacity: 1,
    confirmation: 'instant',
  };
}

/** A clinic with one live service and its owner signed in on `owner`'s browser (the invitation read from the journeys' mailbox). */
export async function clinicWithOwner(agency: Page, owner: Page, baseURL: string, run: string, extra: { googleAdsAccountId?: string; brandColor?: string } = {}) {
  const headers = { origin: baseURL };
  const name = `Juniper Clinic ${run}`;
  const created = await agency.request.post('/api/clients', { headers, data: { name, address: '40 Juniper Rd, Boise, ID 83702', phone: '(208) 555-0134', ...extra } });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { data: { id: number } }).data.id;
  const templates = ((await (await agency.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; slug: string }> }).data;
  const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
  const path = `hormones-${run}`;
  const service = await agency.request.post('/api/services', { headers, data: { name: 'Hormone Consultation', path, clientId, templateId: template.id, isActive: true } });
  expect(service.status()).toBe(201);
  const serviceId = ((await service.json()) as { data: { id: number } }).data.id;

  const ownerEmail = `owner.${run}@juniper-clinic.example`;
  const invited = await agency.request.post(`/api/clients/${clientId}/users`, { headers, data: { email: ownerEmail, role: 'owner', name: 'Morgan Hale' } });
  expect(invited.status()).toBe(201);
  const token = new URL(await linkMailedTo(ownerEmail, '/portal/accept-invite')).hash.slice('#token='.length);
  const accepted = await owner.request.post('/api/portal/accept-invite', { headers, data: { token, password: `juniper ${run} cedar brook` } });
  expect(accepted.status()).toBe(200);
  return { name, clientId, serviceId, path };
}

/** The newest message to `address` with a link to `path`, once it has arrived; its link. */
export async function linkMailedTo(address: string, path: string, newerThan = 0): Promise<string> {
  return linkIn((await mailedTo(address, (m) => m.at > newerThan && linkIn(m, path) !== null))!, path)!;
}

/** The newest message to `address` that `matches`, once it has arrived. */
export async function mailedTo(address: string, matches: (mail: StoredMail) => boolean): Promise<StoredMail> {
  let mail: StoredMail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailTo(process.env.E2E_MAILBOX_DIR!, address)).reverse().find(matches);
      return Boolean(mail);
    }, { timeout: 20_000, message: `an e-mail to ${address}` })
    .toBe(true);
  return mail!;
}
