import { ClientCreateSchema, type Client } from '@hap/contracts';
import { clientFormOf, emptyClientForm, firstTabWithError, FORM_BG_DEFAULT, PICKER_DEFAULT } from '../../src/clients/client-form';

describe('client dialog form (docs/admin.md)', () => {
  it('starts a new client with the spec’s colour defaults and tracking on, and passes the API schema once named and reachable', () => {
    const form = emptyClientForm();
    expect(form).toMatchObject({ brandColor: PICKER_DEFAULT, brandBgColor: FORM_BG_DEFAULT, trackingEnabled: true, conversionTrackingEnabled: true });
    // The full-detail lead e-mail is the agency's opt-in, off until turned on (docs/leads.md#delivery).
    expect(form.leadDetailEmail).toBe(false);
    expect(FORM_BG_DEFAULT).toBe('#000000');
    expect(PICKER_DEFAULT).toBe('#D4AF37');
    const checked = ClientCreateSchema.safeParse({ ...form, name: 'Harbor Health', address: '9 Harbor Way', phone: '(503) 555-0199' });
    expect(checked.success && checked.data).toMatchObject({ name: 'Harbor Health', email: null, webhookUrl: null });
  });

  it('fills an existing client’s values, nulls as empty text', () => {
    const client = { ...emptyClientForm(), id: 3, name: 'Apex', email: null, trackingEnabled: false, webhookUrl: 'https://crm.example.com/h', webhookSecret: 'whsec_x' } as unknown as Client;
    const form = clientFormOf(client);
    expect(form).toMatchObject({ name: 'Apex', email: '', trackingEnabled: false, webhookUrl: 'https://crm.example.com/h' });
    expect(form).not.toHaveProperty('webhookSecret');
  });

  it('opens the tab of the first refused field, in tab order', () => {
    expect(firstTabWithError({ googleAdsTagId: {}, logoPath: {} })).toBe('tracking');
    expect(firstTabWithError({ officeImagePath: {}, name: {} })).toBe('general');
    expect(firstTabWithError({})).toBeNull();
  });
});
