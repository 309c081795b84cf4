/**
 * A real SMTP server on loopback for tests (smtp-server): it keeps every message it accepts,
 * refuses the recipients a test names with the reply it gives (at RCPT TO, or to the message's
 * data), and can hold its answer to a
 * message's data until the test lets it go (a slow server, mid-send). A message whose client
 * has left before the held answer could be given was never taken (no 250 was answered): it is
 * counted in `abandoned`, not kept.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers and body. */
  raw: string;
  /** The message with its quoted-printable encoding undone (its links readable). */
  decoded: string;
  messageId: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** The messages accepted so far, in order. */
  mails: ReceivedMail[];
  /** Every message's data that reached the server (accepted, held or not). */
  sends: number;
  /** Held messages whose client had closed the connection when the answer was due. */
  abandoned: number;
  /** Resolves with the `n`th accepted message (1 = the first). */
  mail(n: number): Promise<ReceivedMail>;
  /** Resolves with the first accepted message to `address`, once there is one. */
  mailTo(address: string): Promise<ReceivedMail>;
  /**
   * Refuses `address` with `code` and `text` (e.g. 550, '5.1.1 no such user'): at RCPT TO, or
   * at the end of a message's data to it (`at: 'DATA'`).
   */
  refuse(address: string, code: number, text: string, at?: 'RCPT TO' | 'DATA'): void;
  /**
   * Holds the answer to the next message's data; resolves once that data has arrived. The
   * message is accepted when `release` is called.
   */
  holdNext(): Promise<{ release: () => void; clientGone: Promise<void> }>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; text: string; at: 'RCPT TO' | 'DATA' }>();
  const refusal = (address: string, at: 'RCPT TO' | 'DATA') => {
    const found = refusals.get(address.toLowerCase());
    if (!found || found.at !== at) return null;
    return Object.assign(new Error(found.text), { responseCode: found.code });
  };
  const waiting: {
    found: () => ReceivedMail | undefined;
    resolve: (mail: ReceivedMail) => void;
  }[] = [];
  const when = (found: () => ReceivedMail | undefined) => {
    const mail = found();
    return mail
      ? Promise.resolve(mail)
      : new Promise<ReceivedMail>((resolve) => waiting.push({ found, resolve }));
  };
  let hold: ((release: () => void, clientGone: Promise<void>) => void) | null = null;
  /** Called when a session's connection closes, by session id. */
  const onGone = new Map<string, () => void>();
  const state = { sends: 0, abandoned: 0 };
  const closed = new Set<string>();

  const accepted = (mail: ReceivedMail) => {
    mails.push(mail);
    for (const wait of waiting.splice(0)) {
      const found = wait.found();
      if (found) wait.resolve(found);
      else waiting.push(wait);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    // Connections still open at close are ended after a second.
    closeTimeout: 1_000,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
      onGone.get(session.id)?.();
    },
    onRcptTo(address, _session, callback) {
      callback(refusal(address.address, 'RCPT TO') ?? undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.sends += 1;
        const refused = session.envelope.rcptTo
          .map((to) => refusal(to.address, 'DATA'))
          .find(Boolean);
        if (refused) return callback(refused);
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((to) => to.address),
          raw,
          decoded: raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '',
        };
        const accept = () => {
          if (closed.has(session.id)) {
            state.abandoned += 1;
            return;
          }
          accepted(mail);
          callback();
        };
        const held = hold;
        hold = null;
        if (held)
          held(
            accept,
            new Promise<void>((resolve) =>
              closed.has(session.id) ? resolve() : onGone.set(session.id, resolve),
            ),
          );
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get sends() {
      return state.sends;
    },
    get abandoned() {
      return state.abandoned;
    },
    mail: (n) => when(() => mails[n - 1]),
    mailTo: (address) => when(() => mails.find((mail) => mail.to.includes(address))),
    refuse(address, code, text, at = 'RCPT TO') {
      refusals.set(address.toLowerCase(), { code, text, at });
    },
    holdNext: () =>
      new Promise((resolve) => {
        hold = (release, clientGone) => resolve({ release, clientGone });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
