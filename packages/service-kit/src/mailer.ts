import nodemailer from 'nodemailer';

/** One e-mail (a clinic's lead, a user's invitation or reset link, a new-lead notice). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for the clinic users' e-mails). */
  headers?: Record<string, string>;
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
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: () => transport.close(),
  };
}
