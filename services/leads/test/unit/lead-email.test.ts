import { leadEmail } from '../../src/modules/delivery/lead-email';

const lead = {
  reference: '8f14e45f-ceea-467f-a0e8-6a3b1f3e0c11',
  name: 'Jane <b>Smith</b>',
  email: 'jane@example.com',
  phone: '(303) 555-0142',
  message: null,
  createdAt: new Date('2026-11-23T10:00:00.000Z'),
  utmSource: 'google',
  utmCampaign: 'trt-denver',
  landingPath: '/trt',
  consent: { status: 'not_captured' as const, version: null, text: null, at: null },
};

describe('leadEmail', () => {
  it("goes to the clinic, answers the patient, and names who and where from", () => {
    const mail = leadEmail(lead, { name: 'Summit Wellness', email: 'desk@summit.example' });
    expect(mail.to).toBe('desk@summit.example');
    expect(mail.replyTo).toBe('jane@example.com');
    expect(mail.subject).toBe('New consultation request from Jane <b>Smith</b>');
    expect(mail.text).toContain('Phone: (303) 555-0142');
    expect(mail.text).toContain('Source: google / trt-denver');
    expect(mail.text).toContain('Message: —');
    // A request without consent says so, and quotes no sentence.
    expect(mail.text).toContain("Consent: Not captured: the request came without our form's consent sentence.");
  });

  it('escapes what the visitor typed in the HTML part', () => {
    const mail = leadEmail(lead, { name: 'Summit & Co', email: 'desk@summit.example' });
    expect(mail.html).toContain('Jane &lt;b&gt;Smith&lt;/b&gt;');
    expect(mail.html).toContain('Summit &amp; Co');
    expect(mail.html).not.toContain('<b>Smith</b>');
  });

  it("says 'direct' when the lead came without a campaign", () => {
    expect(leadEmail({ ...lead, utmSource: null, utmCampaign: null }, { name: 'S', email: 'd@s.example' }).text).toContain('Source: direct');
  });
});
