import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a loopback port (smtp-server, nodemailer's sibling):
 * the services' mailer (service-kit) talks SMTP to it as it would to a provider. `reject` makes
 * it refuse every message with a permanent error; `onMail` is handed each message before it is
 * accepted (the journeys' mailbox stores it as a file), and its failure refuses the message.
 */
export async function startSmtp(options: { reject?: boolean; onMail?: (mail: ReceivedMail) => Promise<void> | void } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.reject) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        Promise.resolve(options.onMail?.(mail)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received message read as a mail client reads it (mailparser): subject, text, headers and attachments decoded. */
export async function parseMail(mail: ReceivedMail) {
  const { simpleParser } = await import('mailparser');
  return simpleParser(mail.raw);
}
