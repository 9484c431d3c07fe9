import {
  CURRENT_LEAD_CONSENT_VERSION,
  LEAD_CONSENT_VERSION_MESSAGE,
  LeadSubmitSchema,
  leadConsentSentence,
  leadConsentVersionOfText,
} from '@hap/contracts';
import { consentLine } from '../../src/modules/delivery/lead-email';
import { consentOf, consentRecord, NOT_CAPTURED } from '../../src/modules/leads/lead-consent';

const SPEC_BODY = { name: 'Jane Smith', email: 'jane@example.com', phone: '3035550142', message: 'Hi', serviceId: 2, clientId: 1 };

describe('lead consent (ARCHITECTURE.md)', () => {
  it('takes the spec’s body as it is, with no consent', () => {
    expect(LeadSubmitSchema.parse(SPEC_BODY).consentVersion).toBeNull();
    expect(LeadSubmitSchema.parse({ ...SPEC_BODY, consentVersion: '' }).consentVersion).toBeNull();
  });

  it('names the version a form showed, and refuses one no form shows', () => {
    expect(LeadSubmitSchema.parse({ ...SPEC_BODY, consentVersion: 'lead-form-v1' }).consentVersion).toBe('lead-form-v1');
    const unknown = LeadSubmitSchema.safeParse({ ...SPEC_BODY, consentVersion: 'lead-form-v0' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues).toEqual([expect.objectContaining({ path: ['consentVersion'], message: LEAD_CONSENT_VERSION_MESSAGE })]);
  });

  it('reads an older page’s sentence as its version, whatever clinic it names, and any other text as no consent', () => {
    const older = leadConsentSentence('lead-form-v1', 'Denver Vitality');
    expect(LeadSubmitSchema.parse({ ...SPEC_BODY, consentText: older }).consentVersion).toBe('lead-form-v1');
    expect(leadConsentVersionOfText(`  ${older.replace('Denver Vitality', 'A  Renamed Clinic')} `)).toBe('lead-form-v1');
    expect(LeadSubmitSchema.parse({ ...SPEC_BODY, consentText: 'I agree to everything.' }).consentVersion).toBeNull();
    expect(leadConsentVersionOfText('By submitting, you agree that  may contact you by phone, text or e-mail about your enquiry.')).toBeNull();
    // The version wins over a text sent with it.
    expect(LeadSubmitSchema.parse({ ...SPEC_BODY, consentVersion: 'lead-form-v1', consentText: 'nonsense' }).consentVersion).toBe('lead-form-v1');
  });

  it('parses its own output to itself (a stored submission read again)', () => {
    const once = LeadSubmitSchema.parse({ ...SPEC_BODY, consentText: leadConsentSentence(CURRENT_LEAD_CONSENT_VERSION, 'X Clinic') });
    expect(LeadSubmitSchema.parse(once)).toEqual(once);
  });

  it('records the server’s sentence naming the clinic, by id when tenant could not say', () => {
    expect(consentRecord('lead-form-v1', { id: 7, name: 'Summit Wellness' })).toEqual({
      status: 'captured',
      version: 'lead-form-v1',
      text: 'By submitting, you agree that Summit Wellness may contact you by phone, text or e-mail about your enquiry.',
    });
    expect(consentRecord('lead-form-v1', { id: 7, name: null }).text).toBe('By submitting, you agree that client 7 may contact you by phone, text or e-mail about your enquiry.');
    expect(consentRecord(null, { id: 7, name: 'Summit Wellness' })).toEqual(NOT_CAPTURED);
  });

  it('says "not captured" for a lead without consent, with no sentence, wherever it is read', () => {
    const none = consentOf({ consent_status: 'not_captured', consent_text: null, consent_version: null, consent_at: null });
    expect(none).toEqual({ status: 'not_captured', version: null, text: null, at: null });
    expect(consentLine(none)).toBe("Not captured: the request came without our form's consent sentence.");
    const given = consentOf({ consent_status: 'captured', consent_text: 'I agree.', consent_version: 'lead-form-v1', consent_at: new Date('2026-11-20T10:00:00Z') });
    expect(consentLine(given)).toBe('Captured (lead-form-v1): "I agree."');
  });
});
