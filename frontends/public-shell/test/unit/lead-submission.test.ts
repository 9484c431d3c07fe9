import { IdempotencyKeySchema, leadConsentSentence, LeadSubmitSchema, routes } from '@hap/contracts';
import {
  attemptFor,
  CONSENT_VERSION,
  consentSentence,
  fieldErrorsOf,
  isIdempotencyKey,
  LEAD_ENDPOINT,
  LEAD_TOASTS,
  leadRequestBody,
  newIdempotencyKey,
  referenceOf,
  sendLead,
  thanksHref,
  bookingTokenOf,
} from '../../src/landing/lead-submission';

const values = { name: ' Jane Smith ', email: 'jane@example.com ', phone: '(303) 555-0142', message: '' };
const context = { clientId: 1, serviceId: 7, consentVersion: 'lead-form-v1' as const, attribution: null, honeypot: '' };
const REFERENCE = '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11';

describe('the endpoint', () => {
  it("is the submitLead row's", () => {
    expect(LEAD_ENDPOINT).toBe(routes.submitLead.path);
    expect(routes.submitLead.method).toBe('POST');
  });
});

describe('leadRequestBody', () => {
  it('is a body LeadSubmitSchema takes, trimmed, with the version of the consent sentence shown', () => {
    const body = leadRequestBody(values, context);
    expect(body).toEqual({
      name: 'Jane Smith',
      email: 'jane@example.com',
      phone: '(303) 555-0142',
      clientId: 1,
      serviceId: 7,
      consentVersion: 'lead-form-v1',
      attribution: null,
      website: '',
    });
    expect(LeadSubmitSchema.parse(body).consentVersion).toBe('lead-form-v1');
  });

  it('carries the honeypot as typed and a message when there is one', () => {
    const body = leadRequestBody({ ...values, message: ' Mornings ' }, { ...context, honeypot: 'http://spam.example' });
    expect(body).toMatchObject({ message: 'Mornings', website: 'http://spam.example' });
  });
});

describe('idempotency keys', () => {
  it('makes keys the server accepts, with or without crypto.randomUUID', () => {
    const key = newIdempotencyKey();
    expect(isIdempotencyKey(key)).toBe(true);
    expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
    const insecure = newIdempotencyKey({ getRandomValues: (a) => crypto.getRandomValues(a) });
    expect(insecure).toMatch(/^[0-9a-f]{32}$/);
    expect(IdempotencyKeySchema.safeParse(insecure).success).toBe(true);
  });

  it('reuses the key for a retry of the same values and makes a new one when they change', () => {
    let n = 0;
    const make = () => `key-000${++n}`;
    const body = leadRequestBody(values, context);
    const first = attemptFor(null, body, make);
    expect(first.key).toBe('key-0001');
    expect(attemptFor(first, leadRequestBody(values, context), make)).toBe(first);
    const changed = attemptFor(first, leadRequestBody({ ...values, phone: '303 555 0199' }, context), make);
    expect(changed.key).toBe('key-0002');
  });
});

describe('fieldErrorsOf', () => {
  it("reads the product envelope's issues for the form's own fields", () => {
    const answer = {
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      issues: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'serviceId', message: 'Service id is required' },
        { path: 'attribution.first.at', message: 'Must be a date and time' },
      ],
    };
    expect(fieldErrorsOf(answer)).toEqual({ email: 'Please enter a valid email address' });
  });

  it('finds nothing in an answer without issues', () => {
    expect(fieldErrorsOf({ success: false, code: 'NOT_FOUND', message: 'Service 5 of client 1 was not found.' })).toEqual({});
    expect(fieldErrorsOf('Not Found')).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });
});

describe('sendLead', () => {
  const answer = (status: number, body: unknown) =>
    jest.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('POSTs JSON to /api/leads with the idempotency key, same-origin, and reads the reference', async () => {
    const fetchImpl = answer(201, { success: true, data: { reference: REFERENCE, bookingToken: '12.4.AbC_dEf-123' } });
    const body = leadRequestBody(values, context);
    await expect(sendLead(body, 'key-12345678', fetchImpl as unknown as typeof fetch)).resolves.toEqual({ ok: true, reference: REFERENCE, bookingToken: '12.4.AbC_dEf-123' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(LEAD_ENDPOINT);
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'key-12345678' });
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('fails on any non-2xx answer, with its field messages, and on a network error', async () => {
    const invalid = answer(422, { success: false, code: 'VALIDATION_FAILED', message: 'x', issues: [{ path: 'name', message: 'Name must be at least 2 characters' }] });
    await expect(sendLead(leadRequestBody(values, context), 'key-12345678', invalid as unknown as typeof fetch)).resolves.toEqual({
      ok: false,
      status: 422,
      fieldErrors: { name: 'Name must be at least 2 characters' },
    });
    const missing = answer(404, 'Not Found');
    await expect(sendLead(leadRequestBody(values, context), 'key-12345678', missing as unknown as typeof fetch)).resolves.toMatchObject({ ok: false, status: 404 });
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendLead(leadRequestBody(values, context), 'key-12345678', offline as unknown as typeof fetch)).resolves.toEqual({ ok: false, status: 0, fieldErrors: {} });
  });

  it('takes a 2xx without a readable reference as a taken lead', async () => {
    await expect(sendLead(leadRequestBody(values, context), 'key-12345678', answer(201, 'ok') as unknown as typeof fetch)).resolves.toEqual({ ok: true, reference: null, bookingToken: null });
    expect(referenceOf({ data: { reference: '../x' } })).toBeNull();
  });
});

describe('thanksHref', () => {
  it("keeps the page's ?client= and adds the reference", () => {
    expect(thanksHref('?client=1&utm_source=google', REFERENCE)).toBe(`/thanks?client=1&ref=${REFERENCE}`);
    expect(thanksHref('?style=b', REFERENCE)).toBe(`/thanks?ref=${REFERENCE}`);
    expect(thanksHref('', null)).toBe('/thanks');
    expect(thanksHref('?client=abc', null)).toBe('/thanks');
  });

  it('adds the lead’s service for the picker (docs/booking.md#pages), never its booking token', () => {
    expect(thanksHref('?client=1&gclid=x', REFERENCE, 17)).toBe(`/thanks?client=1&ref=${REFERENCE}&service=17`);
    expect(thanksHref('', REFERENCE, 0)).toBe(`/thanks?ref=${REFERENCE}`);
    expect(bookingTokenOf({ data: { reference: REFERENCE, bookingToken: '12.4.AbC_dEf-123' } })).toBe('12.4.AbC_dEf-123');
    expect(bookingTokenOf({ data: { bookingToken: '<script>' } })).toBeNull();
  });
});

describe('consent and toasts', () => {
  it("say the spec's words", () => {
    expect(LEAD_TOASTS.failure).toEqual({ title: 'Submission Failed', description: 'Please try again or call us directly.' });
    expect(LEAD_TOASTS.success).toEqual({ title: 'Form Submitted', description: 'Thank you! We will contact you shortly.' });
    expect(consentSentence('  ')).toContain('this clinic may contact you');
    // The sentence shown is the server's sentence of the version sent.
    expect(consentSentence('Denver Vitality')).toBe(leadConsentSentence(CONSENT_VERSION, 'Denver Vitality'));
    expect(consentSentence('Denver Vitality')).toBe('By submitting, you agree that Denver Vitality may contact you by phone, text or e-mail about your enquiry.');
  });
});
