import { userLeadEmail } from '../../src/modules/delivery/user-email';

describe('the e-mail of a new lead to a clinic user', () => {
  const mail = userLeadEmail({ to: 'ola@clinic.test', clinicName: 'Harbor <Health>', leadId: '42', origin: 'https://app.agency.test', unsubscribeToken: '7.1.abc' });

  it('says only that an enquiry arrived for the clinic and links to it in the portal', () => {
    expect(mail.to).toBe('ola@clinic.test');
    expect(mail.subject).toBe('New enquiry for Harbor <Health> — open the portal');
    expect(mail.text.split('\n')[0]).toBe('New enquiry for Harbor <Health> — open the portal');
    expect(mail.text).toContain('https://app.agency.test/portal/leads?lead=42');
    expect(mail.html).toContain('Harbor &lt;Health&gt;');
    expect(mail.html).not.toContain('<Health>');
  });

  it('carries a one-click unsubscribe (RFC 8058) and no reply-to a patient', () => {
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://app.agency.test/api/portal/unsubscribe?token=7.1.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.replyTo).toBeUndefined();
  });
});
