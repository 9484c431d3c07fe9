import { bookPath, escapeHtml } from '@hap/contracts';
import { signLeadBookingToken, type Mail } from '@hap/service-kit';

/**
 * The patient's receipt of their request (docs/leads.md#the-patients-receipt): sent in the clinic's
 * name, replies to the clinic, and, when the clinic books the service online, the link to choose a
 * time (the booking page of that lead: the appointment is theirs, no retyping), so a patient who
 * left the thank-you page can book later. No service or health detail in the subject or first line
 * (docs/leads.md#the-patients-receipt). Pure (unit-tested).
 */
export interface PatientReceiptInput {
  to: string;
  patientName: string;
  clinic: { name: string; email: string | null; phone: string | null };
  /** The booking page's address, or null when the clinic does not book this service online. */
  bookingUrl: string | null;
}

export function patientReceiptEmail(input: PatientReceiptInput): Mail & { fromName: string } {
  const { clinic } = input;
  const next = input.bookingUrl
    ? 'Choose a time for your consultation now, in a minute, from the link below.'
    : `${clinic.name} will contact you shortly to arrange your consultation.`;
  const call = clinic.phone ? `Questions? Call ${clinic.name} on ${clinic.phone}.` : 'Questions? Reply to this e-mail.';
  const lines = [`Hello ${input.patientName},`, '', `Thank you for contacting ${clinic.name}. We have your request.`, '', next, ...(input.bookingUrl ? ['', input.bookingUrl] : []), '', call, '', clinic.name];
  const button = input.bookingUrl
    ? `<p><a href="${escapeHtml(input.bookingUrl)}" style="display:inline-block;padding:10px 18px;background:#1f6f8b;color:#fff;border-radius:6px;text-decoration:none">Choose a time</a></p>`
    : '';
  return {
    to: input.to,
    fromName: clinic.name,
    ...(clinic.email ? { replyTo: clinic.email } : {}),
    subject: `We have your request: ${clinic.name}`,
    text: lines.join('\n'),
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[2]!)}</p><p><strong>${escapeHtml(next)}</strong></p>${button}` +
      `<p>${escapeHtml(call)}</p><p>${escapeHtml(clinic.name)}</p></body></html>`,
  };
}

/** The booking page of a lead's service at `origin`, signed for that lead. */
export function leadBookingUrl(origin: string, secret: string, lead: { id: number; clientId: number; serviceId: number }): string {
  return `${origin}${bookPath(lead.clientId, lead.serviceId, signLeadBookingToken(secret, { leadId: lead.id, clientId: lead.clientId }))}`;
}
