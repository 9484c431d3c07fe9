import type { DataSource } from 'typeorm';
import {
  consentCovers,
  ErrorCode,
  SMS_BLOCKED,
  SMS_SIGNATURE_REFUSED,
  SMS_STATUS_WEBHOOK_PATH,
  UNMATCHED_TEXTS_PER_CONVERSATION,
  type LeadDetail,
  type LeadTimeline,
  type MessageStatus,
  type SmsReply,
  type TimelineEntry,
  type TimelineMessage,
  type UnmatchedTexts,
  type UnmatchedTextsQuery,
} from '@hap/contracts';
import { AppError, assertAdmin, assertClinicUser, type Actor } from '@hap/service-kit';
import { smsKeyword, SmsError, toE164, verifySmsSignature, type Sms } from '@hap/service-kit/sms';
import type { LeadAdminService } from '../admin/lead-admin.service';
import { pageCount } from '../admin/lead-admin.rules';
import { DeliveryRepository } from '../delivery/delivery.repository';
import { MessageRepository, timelineExtrasOf, type MessageRow } from './message.repository';
import { FOLLOW_UP_STOPPED } from './message.rules';
import type { FrontDeskService, View } from '../front-desk/front-desk.service';

/** Twilio's MessageStatus values as the timeline keeps them (accepted, scheduled…: still on its way). */
const RECEIPT_STATUSES: Readonly<Record<string, MessageStatus>> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const toTimelineMessage = (row: MessageRow): TimelineMessage => ({
  type: 'message',
  id: Number(row.id),
  at: row.created_at.toISOString(),
  channel: row.channel,
  direction: row.direction,
  kind: row.kind,
  body: row.body,
  status: row.status,
  by: row.direction === 'in' ? null : (row.sent_by_name ?? (row.sent_by_user_id ? 'Clinic' : 'Automatic')),
  error: row.error,
});

/**
 * The patient's conversation with the clinic (docs/speed-to-lead.md): a lead's one timeline, the clinic's
 * SMS reply, and Twilio's webhooks (inbound texts, delivery receipts, STOP/START/HELP into the consent ledger).
 */
export class MessageService {
  private readonly messages: MessageRepository;
  private readonly deliveries: DeliveryRepository;

  constructor(
    private readonly dataSource: DataSource,
    private readonly leads: LeadAdminService,
    private readonly sms: Sms | null,
    /** Twilio's auth token (its webhooks' signing key); null when SMS is not configured. */
    private readonly authToken: string | null,
    /** The origin Twilio calls us at (PUBLIC_BASE_URL); absent: the request's own. */
    private readonly publicOrigin: string | undefined,
    /** The front desk's notes, calls, assignments and tasks on the timeline (docs/leads.md#the-front-desk). */
    private readonly frontDesk: FrontDeskService | null = null,
  ) {
    this.messages = new MessageRepository(dataSource);
    this.deliveries = new DeliveryRepository(dataSource);
  }

  async adminTimeline(actor: Actor, id: number): Promise<LeadTimeline> {
    assertAdmin(actor);
    return this.timeline(await this.leads.lead(actor, id, null), actor, 'admin');
  }

  async portalTimeline(actor: Actor, id: number): Promise<LeadTimeline> {
    const { clientId } = assertClinicUser(actor);
    return this.timeline(await this.leads.lead(actor, id, clientId), actor, 'clinic');
  }

  /** The agency's list of texts from numbers that are no lead's (docs/speed-to-lead.md#inbound-texts). */
  async unmatched(actor: Actor, query: UnmatchedTextsQuery): Promise<UnmatchedTexts> {
    assertAdmin(actor);
    const { page, pageSize } = query;
    const found = await this.messages.unmatchedConversations(pageSize, (page - 1) * pageSize, UNMATCHED_TEXTS_PER_CONVERSATION);
    const items = found.rows.map((row) => ({
      phone: row.phone,
      count: row.count,
      lastAt: row.last_at.toISOString(),
      optedOut: row.opted_out,
      texts: found.texts.filter((text) => text.phone === row.phone).map((text) => ({ id: Number(text.id), at: text.created_at.toISOString(), body: text.body })),
    }));
    return { items, total: found.total, page, pageSize, pageCount: pageCount(found.total, pageSize) };
  }

  private async timeline(lead: LeadDetail, actor: Actor, view: View): Promise<LeadTimeline> {
    const [messages, extras, blockedReason, desk] = await Promise.all([
      this.messages.ofLead(lead.id),
      timelineExtrasOf(this.dataSource, lead.id),
      this.smsBlocked(lead),
      this.frontDesk?.timelineEntries(actor, { id: lead.id, clientId: lead.clientId }, view) ?? [],
    ]);
    const entries: TimelineEntry[] = [
      { type: 'form', at: lead.createdAt, service: lead.serviceName, message: lead.message },
      ...messages.map(toTimelineMessage),
      ...lead.statusHistory.map((change): TimelineEntry => ({ type: 'status', at: change.at, from: change.from, to: change.to, by: change.by })),
      ...extras.appointments.map((a): TimelineEntry => ({ type: 'appointment', at: a.created_at.toISOString(), startAt: a.start_at.toISOString(), status: a.status, service: lead.serviceName })),
      ...extras.followUps.map((f): TimelineEntry => {
        const step = Number(f.recipient.replace(/^step /, ''));
        const state = f.status === 'delivered' ? 'sent' : f.status === 'stopped' ? 'stopped' : f.status === 'pending' || f.status === 'queued' ? 'scheduled' : 'not_sent';
        return { type: 'follow_up', at: (state === 'scheduled' ? f.due_at : f.updated_at)?.toISOString() ?? f.updated_at.toISOString(), step, state, note: f.last_error };
      }),
      ...desk,
    ];
    entries.sort((a, b) => a.at.localeCompare(b.at));
    return { entries, sms: { canReply: blockedReason === null, blockedReason } };
  }

  /** Why the clinic cannot text this lead's patient, or null. */
  private async smsBlocked(lead: LeadDetail): Promise<string | null> {
    if (!this.sms) return SMS_BLOCKED.notConfigured;
    if (!consentCovers(lead.consent, 'sms')) return SMS_BLOCKED.noConsent;
    const phone = toE164(lead.phone);
    if (!phone) return SMS_BLOCKED.noPhone;
    if (await this.messages.optedOut(phone)) return SMS_BLOCKED.optedOut;
    return null;
  }

  /**
   * A clinic user texts the patient, as themselves: the message is kept first (so a provider failure leaves it
   * on the timeline, marked failed), then sent; it is the lead's first contact if none came before, moves a new
   * lead to contacted and stops the follow-ups.
   */
  async reply(actor: Actor, id: number, reply: SmsReply): Promise<TimelineMessage> {
    const user = assertClinicUser(actor);
    const lead = await this.leads.lead(actor, id, user.clientId);
    const blocked = await this.smsBlocked(lead);
    if (blocked || !this.sms) throw new AppError(409, blocked === SMS_BLOCKED.notConfigured ? ErrorCode.NOT_CONFIGURED : ErrorCode.CONFLICT, blocked ?? SMS_BLOCKED.notConfigured);
    const phone = toE164(lead.phone)!;
    const row = await this.messages.startOutbound({ clientId: user.clientId, leadId: String(id), phone, channel: 'sms', kind: 'reply', body: reply.body, sentBy: { userId: user.userId, name: user.name ?? user.email } });
    await this.deliveries.stopFollowUps([id], 'Stopped: the clinic wrote to the patient.');
    try {
      const sent = await this.sms.send({ to: phone, body: reply.body, statusCallback: this.publicOrigin ? `${this.publicOrigin}${SMS_STATUS_WEBHOOK_PATH}` : undefined });
      const status = RECEIPT_STATUSES[sent.status] ?? 'queued';
      await this.messages.markSent(row.id, sent.sid, status);
      if (lead.status === 'new') await this.leads.markContacted(actor, id, user.clientId);
      return toTimelineMessage({ ...row, provider_id: sent.sid, status });
    } catch (err) {
      if (!(err instanceof SmsError)) throw err;
      await this.messages.markFailed(row.id, err.message);
      throw new AppError(err.retryable ? 503 : 409, err.retryable ? ErrorCode.SERVICE_UNAVAILABLE : ErrorCode.CONFLICT, `The text was not sent: ${err.message}`);
    }
  }

  /** Throws 403 unless Twilio signed this exact request (its URL as Twilio called it, and every field). */
  private verify(path: string, requestOrigin: string, signature: string | undefined, form: Record<string, string>): void {
    const url = `${this.publicOrigin ?? requestOrigin}${path}`;
    if (!this.authToken || !verifySmsSignature({ authToken: this.authToken, signature, url, params: form })) {
      throw new AppError(403, ErrorCode.FORBIDDEN, SMS_SIGNATURE_REFUSED);
    }
  }

  /**
   * An inbound text: kept once (Twilio retries under the same MessageSid), joined to the lead its number was
   * texted from, else a conversation of its own; STOP, START and HELP go into the consent ledger at once, and
   * a STOP or any answer stops the follow-ups. Answers empty TwiML: Twilio's opt-out handling answers keywords.
   */
  async inbound(input: { path: string; origin: string; signature: string | undefined; form: Record<string, string> }): Promise<string> {
    this.verify(input.path, input.origin, input.signature, input.form);
    const sid = input.form.MessageSid ?? input.form.SmsSid;
    const from = input.form.From;
    if (!sid || !from) throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'An inbound message needs MessageSid and From.');
    const phone = toE164(from) ?? from;
    const body = input.form.Body ?? '';
    const keyword = smsKeyword(body);
    const match = await this.messages.leadOfPhone(phone);
    await this.dataSource.transaction(async (manager) => {
      const added = await this.messages.addInbound({ providerId: sid, phone, body, leadId: match?.lead_id ?? null, clientId: match?.client_id ?? null }, manager);
      if (!added) return;
      if (keyword) await this.messages.recordConsent({ phone, event: keyword, clientId: match?.client_id ?? null, providerId: sid, body }, manager);
      if (keyword === 'stop' || !keyword) {
        const leads = await this.messages.leadsOfPhone(phone);
        if (leads.length) await this.deliveries.stopFollowUps(leads, keyword === 'stop' ? FOLLOW_UP_STOPPED.optedOut : FOLLOW_UP_STOPPED.replied, manager);
      }
    });
    return EMPTY_TWIML;
  }

  /** A delivery receipt: the message's status follows Twilio's (never back from delivered to sent). */
  async status(input: { path: string; origin: string; signature: string | undefined; form: Record<string, string> }): Promise<void> {
    this.verify(input.path, input.origin, input.signature, input.form);
    const sid = input.form.MessageSid ?? input.form.SmsSid;
    const status = RECEIPT_STATUSES[input.form.MessageStatus ?? input.form.SmsStatus ?? ''];
    if (!sid || !status) throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'A status callback needs MessageSid and a known MessageStatus.');
    const error = input.form.ErrorCode ? `Twilio error ${input.form.ErrorCode}${input.form.ErrorMessage ? `: ${input.form.ErrorMessage}` : ''}` : null;
    await this.messages.receipt(sid, status, error);
  }
}
