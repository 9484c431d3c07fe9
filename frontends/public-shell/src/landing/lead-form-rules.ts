/**
 * The lead form's rules (docs/public-site.md#validation) as plain functions: the landing
 * route ships no schema library (docs/public-site.md#page-speed). They say the same as the
 * contracts' LeadFormSchema, which the leads service applies on the server;
 * test/unit/landing-lead-form-rules.test.ts holds the two together.
 */
export const LEAD_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  phone: 'Phone number must be at least 10 digits',
} as const;

export type LeadField = 'name' | 'email' | 'phone' | 'message';

export interface LeadValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export type LeadErrors = Partial<Record<LeadField, string>>;

export const EMPTY_LEAD: LeadValues = { name: '', email: '', phone: '', message: '' };

/** The longest values the server takes (LeadFormSchema); the inputs' maxLength. */
export const LEAD_MAX_LENGTH: Readonly<Record<LeadField, number>> = { name: 200, email: 254, phone: 40, message: 5000 };

/** The digits of a phone number, ignoring spaces, dashes, dots, brackets and a leading plus. */
export const phoneDigitCount = (phone: string): number => phone.replace(/\D/g, '').length;

/**
 * A plausible address: one @, something before it, a dotted domain after it
 * and no spaces. Deliberately permissive: the server has the last word.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function nameError(name: string): string | null {
  return name.trim().length >= 2 ? null : LEAD_MESSAGES.name;
}

export function emailError(email: string): string | null {
  return EMAIL.test(email.trim()) ? null : LEAD_MESSAGES.email;
}

export function phoneError(phone: string): string | null {
  return phoneDigitCount(phone) >= 10 ? null : LEAD_MESSAGES.phone;
}

/** One field's message, or null when it is fine (the message is optional and free). */
export function leadFieldError(field: LeadField, values: LeadValues): string | null {
  switch (field) {
    case 'name':
      return nameError(values.name);
    case 'email':
      return emailError(values.email);
    case 'phone':
      return phoneError(values.phone);
    case 'message':
      return null;
  }
}

/** Every field's message; an empty object means the form may be sent. */
export function validateLead(values: LeadValues): LeadErrors {
  const errors: LeadErrors = {};
  for (const field of ['name', 'email', 'phone', 'message'] as const) {
    const error = leadFieldError(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The lead as the server will take it: trimmed, an empty message left out. */
export function leadPayload(values: LeadValues) {
  const message = values.message.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    ...(message ? { message } : {}),
  };
}
