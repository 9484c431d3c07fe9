import { BUILT_IN_BRAND_COLOURS } from '@hap/contracts';

/**
 * The demo clinics the product ships with. Ids 1–11 are fixed: the public
 * spec's host table (§1) and built-in brand colours (§3) refer to them.
 */
export interface SeedClient {
  id: number;
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string | null;
  domain: string | null;
  brandColor: string;
  brandBgColor: string;
  bookingLink: string | null;
}

const builtIn = (id: number) => BUILT_IN_BRAND_COLOURS[id];

export const SEED_CLIENTS: readonly SeedClient[] = [
  {
    id: 1,
    name: 'Summit Wellness Center',
    address: '1450 Larimer Street, Suite 200, Denver, CO 80202',
    phone: '(303) 555-0142',
    email: 'hello@summitwellnesscenter.com',
    website: 'https://www.summitwellnesscenter.com',
    domain: null,
    ...builtIn(1),
    bookingLink: null,
  },
  {
    id: 2,
    name: "Apex Men's Health",
    address: '2200 Post Oak Boulevard, Suite 310, Houston, TX 77056',
    phone: '(713) 555-0187',
    email: 'care@apexmenshealth.com',
    website: 'https://www.apexmenshealth.com',
    domain: 'apexmenshealth.com',
    ...builtIn(2),
    bookingLink: 'https://www.apexmenshealth.com/book',
  },
  {
    id: 3,
    name: 'Lumière Med Spa',
    address: '9876 Wilshire Boulevard, Beverly Hills, CA 90210',
    phone: '(310) 555-0119',
    email: 'concierge@lumieremedspa.com',
    website: 'https://www.lumieremedspa.com',
    domain: 'lumieremedspa.com',
    ...builtIn(3),
    bookingLink: null,
  },
  {
    id: 4,
    name: 'Horizon Demo Clinic',
    address: '500 Test Drive, Suite 4, Austin, TX 78701',
    phone: '(512) 555-0104',
    email: 'qa@horizonclinicgroup.com',
    website: null,
    domain: 'test.horizonclinicgroup.com',
    ...builtIn(4),
    bookingLink: null,
  },
  {
    id: 5,
    name: 'Evergreen Wellness Institute',
    address: '411 Pine Street, Seattle, WA 98101',
    phone: '(206) 555-0163',
    email: 'info@evergreenwellnessinstitute.com',
    website: 'https://www.evergreenwellnessinstitute.com',
    domain: 'evergreenwellnessinstitute.com',
    ...builtIn(5),
    bookingLink: null,
  },
  {
    id: 6,
    name: 'Balance Weight Wellness',
    address: '3100 Peachtree Road NE, Suite 900, Atlanta, GA 30305',
    phone: '(404) 555-0126',
    email: 'team@balanceweightwellness.com',
    website: 'https://www.balanceweightwellness.com',
    domain: 'balanceweightwellness.com',
    brandColor: '#2a9d8f',
    brandBgColor: '#1d3557',
    bookingLink: null,
  },
  {
    id: 7,
    name: 'Renew Regenerative Medicine',
    address: '75 State Street, Suite 1200, Boston, MA 02109',
    phone: '(617) 555-0158',
    email: 'patients@renewregenmed.com',
    website: 'https://www.renewregenmed.com',
    domain: 'renewregenmed.com',
    brandColor: '#0f766e',
    brandBgColor: '#134e4a',
    bookingLink: null,
  },
  {
    id: 8,
    name: 'Vitality Lifestyle Medicine – Scottsdale',
    address: '7373 N Scottsdale Road, Suite B-150, Scottsdale, AZ 85253',
    phone: '(480) 555-0171',
    email: 'scottsdale@vitalitylifestylemed.com',
    website: 'https://scottsdale.vitalitylifestylemed.com',
    domain: 'scottsdale.vitalitylifestylemed.com',
    brandColor: '#e76f51',
    brandBgColor: '#264653',
    bookingLink: null,
  },
  {
    id: 9,
    name: 'Vitality Lifestyle Medicine – Tempe',
    address: '60 E Rio Salado Parkway, Suite 900, Tempe, AZ 85281',
    phone: '(480) 555-0172',
    email: 'tempe@vitalitylifestylemed.com',
    website: 'https://tempe.vitalitylifestylemed.com',
    domain: 'tempe.vitalitylifestylemed.com',
    brandColor: '#f4a261',
    brandBgColor: '#264653',
    bookingLink: null,
  },
  {
    id: 10,
    name: 'Vitality Lifestyle Medicine – Mesa',
    address: '1201 S Alma School Road, Suite 5000, Mesa, AZ 85210',
    phone: '(480) 555-0173',
    email: 'mesa@vitalitylifestylemed.com',
    website: 'https://mesa.vitalitylifestylemed.com',
    domain: 'mesa.vitalitylifestylemed.com',
    brandColor: '#2a9d8f',
    brandBgColor: '#264653',
    bookingLink: null,
  },
  {
    id: 11,
    name: 'Revive Health',
    address: '1800 West Loop South, Suite 450, Houston, TX 77027',
    phone: '(832) 555-0194',
    email: 'hello@getrevivehealth.com',
    website: 'https://www.getrevivehealth.com',
    domain: 'getrevivehealth.com',
    brandColor: '#c2410c',
    brandBgColor: '#431407',
    bookingLink: null,
  },
];

/** The public spec's production host table (§1), as domain_mappings rows. */
export const SEED_DOMAIN_MAPPINGS: ReadonlyArray<{ domain: string; clientId: number }> = [
  { domain: 'balanceweightwellness.com', clientId: 6 },
  { domain: 'www.balanceweightwellness.com', clientId: 6 },
  { domain: 'apexmenshealth.com', clientId: 2 },
  { domain: 'www.apexmenshealth.com', clientId: 2 },
  { domain: 'lumieremedspa.com', clientId: 3 },
  { domain: 'www.lumieremedspa.com', clientId: 3 },
  { domain: 'test.horizonclinicgroup.com', clientId: 4 },
  { domain: 'evergreenwellnessinstitute.com', clientId: 5 },
  { domain: 'www.evergreenwellnessinstitute.com', clientId: 5 },
  { domain: 'renewregenmed.com', clientId: 7 },
  { domain: 'www.renewregenmed.com', clientId: 7 },
  { domain: 'scottsdale.vitalitylifestylemed.com', clientId: 8 },
  { domain: 'tempe.vitalitylifestylemed.com', clientId: 9 },
  { domain: 'mesa.vitalitylifestylemed.com', clientId: 10 },
  { domain: 'getrevivehealth.com', clientId: 11 },
  { domain: 'www.getrevivehealth.com', clientId: 11 },
];

export interface SeedStaffMember {
  clientId: number;
  name: string;
  title: string;
  bio: string;
  displayOrder: number;
}

/** Teams for the clients with home templates (1–3). */
export const SEED_STAFF: readonly SeedStaffMember[] = [
  {
    clientId: 1,
    name: 'Dr. Elena Marquez',
    title: 'Medical Director',
    bio: 'Board-certified in internal medicine with fifteen years of experience in hormone and metabolic health.',
    displayOrder: 0,
  },
  {
    clientId: 1,
    name: 'Jordan Blake, PA-C',
    title: 'Physician Assistant',
    bio: 'Guides patients through weight management and wellness plans with a focus on lasting habits.',
    displayOrder: 1,
  },
  {
    clientId: 1,
    name: 'Maya Chen, RN',
    title: 'Patient Care Coordinator',
    bio: 'Makes sure every visit runs on time and every question gets an answer.',
    displayOrder: 2,
  },
  {
    clientId: 2,
    name: 'Dr. Marcus Reed',
    title: "Men's Health Physician",
    bio: 'Specialises in testosterone therapy and sexual health for men at every stage of life.',
    displayOrder: 0,
  },
  {
    clientId: 2,
    name: 'Tyler Grant, NP',
    title: 'Nurse Practitioner',
    bio: 'Runs follow-up care and lab reviews so treatment stays safe and effective.',
    displayOrder: 1,
  },
  {
    clientId: 3,
    name: 'Dr. Sophie Laurent',
    title: 'Aesthetic Medicine Physician',
    bio: 'Known for natural-looking results in injectables, skin rejuvenation and body contouring.',
    displayOrder: 0,
  },
  {
    clientId: 3,
    name: 'Ava Thompson, LE',
    title: 'Licensed Aesthetician',
    bio: 'Builds personalised skincare programmes around facials, peels and laser treatments.',
    displayOrder: 1,
  },
  {
    clientId: 3,
    name: 'Isabella Cruz, RN',
    title: 'Aesthetic Nurse Injector',
    bio: 'Certified injector with a gentle touch and an eye for balanced, subtle enhancement.',
    displayOrder: 2,
  },
  {
    clientId: 3,
    name: 'Nina Patel',
    title: 'Client Concierge',
    bio: 'Your first point of contact for bookings, memberships and treatment questions.',
    displayOrder: 3,
  },
];
