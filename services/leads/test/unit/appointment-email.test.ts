import { appointmentEmail, whenOf } from '../../src/modules/booking/appointment-notices';

/** The patient's appointment e-mail (docs/booking.md#notices): the clinic's words, the time in its zone, nothing of the service. */
describe('appointmentEmail', () => {
  const base = {
    to: 'dana@example.com',
    patientName: 'Dana Whitfield',
    clinic: { name: 'Summit Vitality Clinic', email: 'desk@summit.example', phone: '(303) 555-0100' },
    // 8 March 2026 is the US spring-forward day: 18:00 UTC is 12:00 MDT (UTC−6), where the day before it was 11:00 MST.
    start: new Date('2026-03-08T18:00:00Z'),
    end: new Date('2026-03-08T18:30:00Z'),
    timeZone: 'America/Denver',
    manageUrl: 'https://summit.example/appointment?client=7&token=abc',
    ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
  };

  it('names the time in the clinic’s zone, after a daylight-saving change', () => {
    expect(whenOf(base.start, 'America/Denver')).toBe('Sunday 8 March 2026 at 12:00 PM MDT');
    expect(whenOf(new Date('2026-03-07T18:00:00Z'), 'America/Denver')).toBe('Saturday 7 March 2026 at 11:00 AM MST');
  });

  it('sends a booking from the clinic, replies to the clinic, with the .ics as a calendar request', () => {
    const mail = appointmentEmail({ ...base, kind: 'booked' });
    expect(mail).toMatchObject({ to: 'dana@example.com', fromName: 'Summit Vitality Clinic', replyTo: 'desk@summit.example' });
    expect(mail.subject).toBe('Your appointment at Summit Vitality Clinic is booked: Sunday 8 March 2026 at 12:00 PM MDT');
    expect(mail.text).toContain('Need to change or cancel? https://summit.example/appointment?client=7&token=abc');
    expect(mail.attachments).toEqual([{ filename: 'appointment.ics', content: base.ics, contentType: 'text/calendar; charset=utf-8; method=REQUEST' }]);
    expect(mail.html).toContain('href="https://summit.example/appointment?client=7&amp;token=abc"');
  });

  it('says a request waits for the clinic, a reminder has no attachment, a cancellation has no link and a CANCEL', () => {
    expect(appointmentEmail({ ...base, kind: 'pending' }).text).toContain('The clinic will confirm it shortly');
    const reminder = appointmentEmail({ ...base, kind: 'reminder-2h', ics: null });
    expect(reminder.subject).toBe('Reminder: your appointment at Summit Vitality Clinic today at 12:00 PM MDT');
    expect(reminder.attachments).toBeUndefined();
    const cancelled = appointmentEmail({ ...base, kind: 'cancelled', manageUrl: null });
    expect(cancelled.text).not.toContain('change or cancel');
    expect(cancelled.attachments?.[0]?.contentType).toContain('method=CANCEL');
  });

  it('escapes the clinic’s and the patient’s words in the HTML, and says to reply when the clinic has no phone', () => {
    const mail = appointmentEmail({ ...base, kind: 'booked', patientName: '<b>Dana</b>', clinic: { name: 'A & B Health', email: null, phone: null } });
    expect(mail.html).toContain('Hello &lt;b&gt;Dana&lt;/b&gt;,');
    expect(mail.html).toContain('A &amp; B Health');
    expect(mail.text).toContain('Questions? Reply to this e-mail.');
    expect(mail).not.toHaveProperty('replyTo');
  });
});
