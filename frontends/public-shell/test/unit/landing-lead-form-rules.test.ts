import { LeadFormSchema } from '@hap/contracts';
import {
  EMPTY_LEAD,
  LEAD_MESSAGES,
  emailError,
  leadPayload,
  nameError,
  phoneDigitCount,
  phoneError,
  validateLead,
} from '../../src/landing/lead-form-rules';

describe('lead form rules (docs/public-site.md)', () => {
  it('asks for a name of at least 2 characters', () => {
    expect(nameError('')).toBe('Name must be at least 2 characters');
    expect(nameError(' J ')).toBe('Name must be at least 2 characters');
    expect(nameError('Jo')).toBeNull();
  });

  it('asks for a valid email address', () => {
    for (const bad of ['', 'jane', 'jane@', '@example.com', 'jane@example', 'jane smith@example.com', 'a@b@c.com']) {
      expect(emailError(bad)).toBe('Please enter a valid email address');
    }
    for (const good of ['jane@example.com', ' jane.smith+ads@mail.example.co.uk ']) expect(emailError(good)).toBeNull();
  });

  it('counts only the digits of a phone number, at least 10', () => {
    expect(phoneDigitCount('(303) 555-0142')).toBe(10);
    expect(phoneDigitCount('+1 303.555.0142')).toBe(11);
    expect(phoneError('555-0142')).toBe('Phone number must be at least 10 digits');
    expect(phoneError('(303) 555-0142')).toBeNull();
  });

  it('validates the whole form; the message is optional', () => {
    expect(validateLead(EMPTY_LEAD)).toEqual({ name: LEAD_MESSAGES.name, email: LEAD_MESSAGES.email, phone: LEAD_MESSAGES.phone });
    expect(validateLead({ name: 'Jane', email: 'jane@example.com', phone: '3035550142', message: '' })).toEqual({});
  });

  it('trims the values and leaves an empty message out', () => {
    expect(leadPayload({ name: ' Jane ', email: ' j@x.io ', phone: ' 303 555 0142 ', message: '  ' })).toEqual({
      name: 'Jane',
      email: 'j@x.io',
      phone: '303 555 0142',
    });
    expect(leadPayload({ name: 'Jane', email: 'j@x.io', phone: '3035550142', message: ' Hi ' }).message).toBe('Hi');
  });

  it("agrees with the server's LeadFormSchema on what passes and on its messages", () => {
    const cases = [
      { name: 'Jane Smith', email: 'jane@example.com', phone: '(303) 555-0142', message: '' },
      { name: 'J', email: 'jane@example.com', phone: '(303) 555-0142', message: '' },
      { name: 'Jane', email: 'not-an-email', phone: '(303) 555-0142', message: '' },
      { name: 'Jane', email: 'jane@example.com', phone: '555-0142', message: '' },
      { name: '', email: '', phone: '', message: '' },
    ];
    for (const values of cases) {
      const ours = validateLead(values);
      const server = LeadFormSchema.safeParse(leadPayload(values));
      expect(Object.keys(ours).length === 0).toBe(server.success);
      const serverMessages = server.success ? [] : server.error.issues.map((issue) => issue.message);
      for (const message of Object.values(ours)) expect(serverMessages).toContain(message);
    }
  });
});
