import type { Transporter } from 'nodemailer';
import { z } from 'zod';

/**
 * The e-mail settings every service that sends mail reads (leads, tenant); each
 * adds its own From. PUBLIC_BASE_URL is the origin links in e-mails point at.
 */
export const mailConfigShape = {
  /** smtp://user:pass@host:587 or smtps://…; unset: e-mail is off (the service says so; nothing pretends to send). */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The origin links in e-mails point at (https://app.agency.example); its origin only. */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((url) => (url ? new URL(url).origin : undefined)),
};

/**
 * In production with SMTP on, links in e-mails need a configured origin: one
 * taken from a request's Host could be forged, and a worker has no request.
 */
export function requireMailOrigin(config: { NODE_ENV: string; SMTP_URL?: string; PUBLIC_BASE_URL?: string }, links: string): void {
  if (config.NODE_ENV === 'production' && config.SMTP_URL && !config.PUBLIC_BASE_URL) {
    throw new Error(`Invalid configuration:\n  PUBLIC_BASE_URL: set it when SMTP_URL is set in production (the origin of ${links})`);
  }
}

/** One e-mail (a clinic's lead, a user's invitation or reset link, a new-lead notice). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for the clinic users' e-mails). */
  headers?: Record<string, string>;
  /** The sender's display name for this e-mail (a clinic's name on its patients' e-mails); the address stays the service's From. */
  fromName?: string;
  /** Files sent with it (an appointment's `.ics`). */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

/** The SMTP adapter (nodemailer): the one way any service sends e-mail (leads, tenant). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://…; unset: e-mail is not configured. */
  smtpUrl: string | undefined;
  from: string;
  timeoutMs: number;
}

/** The mailer, or null when SMTP is not configured (callers then say e-mail is off; nothing pretends to send). */
export function createMailer(options: MailerOptions): Mailer | null {
  if (!options.smtpUrl) return null;
  const url = new URL(options.smtpUrl);
  // nodemailer is loaded at the first e-mail, not when a process starts: every service and worker
  // builds a mailer, and most of them start far more often than they send (ARCHITECTURE.md#processes).
  let transport: Promise<Transporter> | null = null;
  const opened = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: url.hostname,
        port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
        secure: url.protocol === 'smtps:',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
        connectionTimeout: options.timeoutMs,
        greetingTimeout: options.timeoutMs,
        socketTimeout: options.timeoutMs,
      }),
    ));
  return {
    async send({ fromName, ...mail }) {
      await (await opened()).sendMail({ from: fromName ? { name: fromName, address: addressOf(options.from) } : options.from, ...mail });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

/** The address of a From such as 'Health Ads Leads <leads@example.com>' (or a bare address). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
