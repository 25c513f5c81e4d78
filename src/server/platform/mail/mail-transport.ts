/**
 * Mail leaves through one interface: SMTP (nodemailer) when SMTP_URL is set, otherwise the dev
 * mailbox — real files under DATA_DIR/mail that the /dev/mailbox page lists.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
    close: () => transporter.close(),
  };
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** Writes one message into the dev mailbox folder; answers its id. */
export async function storeInMailbox(dir: string, from: string, message: MailMessage): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  const stored: StoredMail = { id, from, sentAt, ...message };
  await writeFile(path.join(dir, `${id}.json`), JSON.stringify(stored, null, 2));
  return id;
}

export function createMailboxTransport(dir: string, from: string, log: (line: string) => void): MailTransport {
  return {
    kind: 'mailbox',
    async send(message) {
      const id = await storeInMailbox(dir, from, message);
      log(`mail to ${message.to}: "${message.subject}" (dev mailbox ${id})`);
    },
    close: () => {},
  };
}

/** Newest first. */
export async function listMailbox(dir: string, limit = 100): Promise<StoredMail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  files.sort().reverse();
  const mails = await Promise.all(
    files.slice(0, limit).map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as StoredMail),
  );
  return mails;
}
