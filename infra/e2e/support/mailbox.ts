import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One message as the mailbox keeps it: the envelope's recipients and the whole message as sent. */
export interface StoredMail {
  to: string[];
  raw: string;
  at: number;
}

/**
 * A real SMTP server on a loopback port (smtp-server, nodemailer's sibling)
 * for the journeys' stack: the product mails invitations, password resets
 * and lead notifications to it as it would to a provider, and each message
 * lands as a file in `dir`, where a journey reads it (`mailTo`).
 */
export async function startMailbox(dir: string) {
  await mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: StoredMail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        writeFile(join(dir, `${Date.now()}-${++count}.json`), JSON.stringify(mail)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The messages to `address` so far, oldest first. */
export async function mailTo(dir: string, address: string): Promise<StoredMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredMail));
  return mails.filter((m) => m.to.includes(address.toLowerCase()));
}

/** The first link to `path` in a message (quoted-printable soft breaks and escapes undone). */
export function linkIn(mail: StoredMail, path: string): string | null {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/]/g, '\\/')}[^\\s"'<>]*`).exec(text);
  return match ? match[0] : null;
}
