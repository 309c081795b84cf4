/** Mail: SMTP through nodemailer when SMTP_URL is set, otherwise the dev outbox (DECISIONS 15). */
import type { Db } from '../db/database';
import { now } from '../db/database';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * For a caller's transaction: the dev outbox stores the mail right away, so it commits or
   * rolls back with the caller's rows; the returned delivery (SMTP) runs after the commit.
   */
  stage(mail: Mail): () => Promise<void>;
  /** The dev outbox, newest first; empty when mail goes to SMTP. */
  outbox(limit?: number): (Mail & { id: number; createdAt: string })[];
}

export function createMailer(db: Db, smtpUrl: string | null, from: string): Mailer {
  const insert = db.prepare(
    'INSERT INTO mails (recipient, subject, body, links, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const list = db.prepare('SELECT * FROM mails ORDER BY id DESC LIMIT ?');
  let transport: Promise<{ sendMail(options: object): Promise<unknown> }> | null = null;
  const stage = (mail: Mail) => {
    if (!smtpUrl) {
      insert.run(mail.to, mail.subject, mail.text, JSON.stringify(mail.links), now());
      return async () => {};
    }
    return async () => {
      // Loaded only when SMTP is configured.
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      await (
        await transport
      ).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    };
  };
  return {
    stage,
    send: (mail) => stage(mail)(),
    outbox(limit = 100) {
      return (
        list.all(limit) as {
          id: number;
          recipient: string;
          subject: string;
          body: string;
          links: string;
          created_at: string;
        }[]
      ).map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        links: JSON.parse(row.links) as string[],
        createdAt: row.created_at,
      }));
    },
  };
}
