import { verifyLeadBookingToken } from '@hap/service-kit';
import { leadBookingUrl, patientReceiptEmail } from '../../src/modules/delivery/patient-email';

/** The patient's receipt (docs/leads.md#the-patients-receipt): the clinic's words, no service, the booking link when there is one. */
describe('patientReceiptEmail', () => {
  const clinic = { name: 'Summit Vitality Clinic', email: 'desk@summit.example', phone: '(303) 555-0100' };

  it('offers the booking link in the clinic’s name, with nothing of the service in the subject', () => {
    const mail = patientReceiptEmail({ to: 'dana@example.com', patientName: 'Dana', clinic, bookingUrl: 'https://summit.example/book?client=1&service=2&token=abc' });
    expect(mail).toMatchObject({ to: 'dana@example.com', fromName: 'Summit Vitality Clinic', replyTo: 'desk@summit.example', subject: 'We have your request: Summit Vitality Clinic' });
    expect(mail.text).toContain('Choose a time for your consultation now');
    expect(mail.text).toContain('https://summit.example/book?client=1&service=2&token=abc');
    expect(mail.html).toContain('href="https://summit.example/book?client=1&amp;service=2&amp;token=abc"');
    expect(mail.text).toContain('Questions? Call Summit Vitality Clinic on (303) 555-0100.');
  });

  it('says the clinic will call when it does not book online, and escapes its words', () => {
    const mail = patientReceiptEmail({ to: 'dana@example.com', patientName: '<Dana>', clinic: { name: 'A & B', email: null, phone: null }, bookingUrl: null });
    expect(mail.text).toContain('A & B will contact you shortly to arrange your consultation.');
    expect(mail.text).not.toContain('/book');
    expect(mail.html).toContain('Hello &lt;Dana&gt;,');
    expect(mail).not.toHaveProperty('replyTo');
  });

  it('signs the link for the lead and its clinic only', () => {
    const url = new URL(leadBookingUrl('http://127.0.0.1:9', 'secret', { id: 42, clientId: 7, serviceId: 3 }));
    expect(url.pathname).toBe('/book');
    expect(url.searchParams.get('service')).toBe('3');
    expect(verifyLeadBookingToken('secret', url.searchParams.get('token'), 7)).toEqual({ leadId: 42, clientId: 7 });
    expect(verifyLeadBookingToken('secret', url.searchParams.get('token'), 8)).toBeNull();
  });
});
