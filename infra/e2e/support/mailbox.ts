import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startSmtp } from '@hap/test-kit/smtp-server';

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
 * lands as a file in `dir`, where a journey reads it (`mailTo`). A message is
 * written under a `.part` name and renamed, so a journey polling the folder
 * never reads one half-written (rename is atomic within a folder).
 */
export async function startMailbox(dir: string) {
  await mkdir(dir, { recursive: true });
  let count = 0;
  const { url, close } = await startSmtp({
    onMail: (mail) => {
      const stored: StoredMail = { to: mail.to.map((address) => address.toLowerCase()), raw: mail.raw, at: Date.now() };
      const name = join(dir, `${Date.now()}-${++count}`);
      return writeFile(`${name}.part`, JSON.stringify(stored)).then(() => rename(`${name}.part`, `${name}.json`));
    },
  });
  return { url, close };
}

/** The messages to `address` so far, oldest first. */
export async function mailTo(dir: string, address: string): Promise<StoredMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredMail));
  return mails.filter((m) => m.to.includes(address.toLowerCase()));
}

/** The first link to `path` in a message (quoted-printable soft breaks and escapes undone). */
export function linkIn(mail: StoredMail, path: string): string | null {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/]/g, '\\/')}[^\\s"'<>]*`).exec(text);
  return match ? match[0] : null;
}
