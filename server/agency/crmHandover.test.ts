/**
 * @jest-environment node
 *
 * The inquiry handed to the agency's CRM (docs/agency.md#notices): every notice, sent over a
 * real SMTP server, answers to the visitor (Reply-To, built by the mailer, no header from a
 * field) and carries the submission as OpenImmo-Feedback (kontakt-openimmo-feedback.xml); the
 * webhook carries the same XML; the inbox offers it as a download to staff only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookConforms } from '../../contract/validator';
import { configFromEnv } from '../config';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../test/server/smtp';
import { feedbackErrors, parseFeedback, textOf } from '../../test/server/openimmoFeedback';
import {
  contact,
  lead,
  PREFIX,
  savedSearch,
  staffSignIn,
  startTestServer,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const AGENCY = 'makler@immosuite.local';
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

const SUBMISSIONS: [kind: string, path: string, body: (email: string) => unknown][] = [
  [
    'exposeInquiry',
    '/v1/wizard/expose-inquiry',
    (email) => ({
      contact: contact({ email, firstname: 'Ina' }),
      exposeInquiry: { objectId: 1, message: 'Ist die Wohnung <noch> frei? & wann?' },
    }),
  ],
  [
    'contact',
    '/v1/wizard/contact',
    (email) => ({ contact: contact({ email, firstname: 'Conny' }), message: 'Rufen Sie an.' }),
  ],
  [
    'lead',
    '/v1/wizard/lead',
    (email) => ({
      contact: contact({ email, firstname: 'Lea' }),
      lead: lead(),
      message: 'Abends.',
    }),
  ],
  [
    'savedSearch',
    '/v1/wizard/saved-search',
    (email) => ({ contact: contact({ email, firstname: 'Sven' }), savedSearch: savedSearch() }),
  ],
  [
    'newsletter',
    '/v1/wizard/contact',
    (email) => ({
      type: 'newsletter',
      contact: contact({
        email,
        firstname: 'Nele',
        customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
      }),
    }),
  ],
];
const emailOf = (kind: string) => `${kind.toLowerCase()}@example.de`;

/** A header's value as sent (folded lines joined); null when the mail has none. */
function header(mail: ReceivedMail, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The MIME parts that are attachments, decoded: name, type and content. */
function attachments(mail: ReceivedMail) {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  const parts = boundaries.flatMap((b) => mail.raw.split(`--${b}`));
  return parts
    .map((part) => {
      const [head = '', ...body] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const flat = head.replace(/\r?\n[ \t]+/g, ' ');
      const name = /Content-Disposition:\s*attachment;\s*filename="?([^";\r\n]+)"?/i.exec(
        flat,
      )?.[1];
      if (!name || /boundary=/i.test(flat)) return null;
      const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(flat)?.[1]?.toLowerCase();
      const raw = body.join('\n\n');
      const content =
        encoding === 'base64'
          ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? Buffer.from(
                raw
                  .replace(/=\r?\n/g, '')
                  .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
                    String.fromCharCode(parseInt(hex, 16)),
                  ),
                'latin1',
              ).toString('utf8')
            : raw;
      return { name, type: /Content-Type:\s*([^;\r\n]+)/i.exec(flat)?.[1], content };
    })
    .filter((a) => a !== null);
}

/** The first mail the SMTP server accepted that `match`es, once there is one. */
async function mailWhere(smtp: TestSmtp, match: (mail: ReceivedMail) => boolean) {
  for (;;) {
    const found = smtp.mails.find(match);
    if (found) return found;
    await smtp.mail(smtp.mails.length + 1);
  }
}

describe('notices through SMTP', () => {
  let smtp: TestSmtp;
  let server: Server;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      SMTP_URL: smtp.url,
      AGENCY_NOTICE: 'on-submit',
      AGENCY_NAME: 'Makler & Partner',
      OPENIMMO_ANID: 'A1234567',
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('answers to the visitor and carries the OpenImmo-Feedback for every kind but a newsletter setting', async () => {
    const client = server.client();
    for (const [kind, path, body] of SUBMISSIONS) {
      const sent = await client.post(PREFIX + path, body(emailOf(kind)));
      expect(sent.status).toBe(201);
    }
    // A confirmation to each visitor and a notice to the agency for each submission.
    await smtp.mail(2 * SUBMISSIONS.length);
    const notices = smtp.mails.filter((m) => m.to.includes(AGENCY));
    expect(notices).toHaveLength(SUBMISSIONS.length);
    for (const [kind] of SUBMISSIONS) {
      const email = emailOf(kind);
      const notice = notices.find((m) => header(m, 'Reply-To')?.includes(`<${email}>`));
      expect(notice).toBeDefined();
      expect(notice!.to).toEqual([AGENCY]);
      expect(header(notice!, 'Reply-To')).toMatch(new RegExp(`^[A-Za-z]+ Mustermann <${email}>$`));
      const files = attachments(notice!);
      if (kind === 'newsletter') {
        expect(files).toEqual([]);
        continue;
      }
      expect(files.map((f) => [f.name, f.type])).toEqual([
        ['kontakt-openimmo-feedback.xml', 'application/xml'],
      ]);
      const doc = parseFeedback(files[0]!.content);
      expect(feedbackErrors(doc)).toEqual([]);
      expect(textOf(doc, 'name')).toBe('Makler & Partner');
      expect(textOf(doc, 'openimmo_anid')).toBe('A1234567');
      expect(textOf(doc, 'email')).toBe(email);
      if (kind === 'exposeInquiry') {
        expect(textOf(doc, 'oobj_id')).toBe('W-1001');
        expect(textOf(doc, 'expose_url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/expose/);
        expect(textOf(doc, 'anfrage')).toBe('Ist die Wohnung <noch> frei? & wann?');
      } else expect(textOf(doc, 'oobj_id')).toBeNull();
      if (kind === 'savedSearch')
        expect(textOf(doc, 'anfrage')).toMatch(/^Suchprofil: .*\nRegionen: /);
      if (kind === 'lead')
        expect(textOf(doc, 'anfrage')).toMatch(/Kastanienallee 12, 10435 Berlin/);
    }
  });

  it('adds no header from a name a visitor typed', async () => {
    const email = 'eve@example.de';
    const sent = await server.client().post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({ email, firstname: 'Eve\r\nBcc: victim@example.de', lastname: 'X\nY' }),
      message: 'Hallo',
    });
    // Refused as bad input, or sent with the name inside the one Reply-To header.
    if (sent.status !== 201) return expect(sent.status).toBe(400);
    const notice = await mailWhere(smtp, (m) => !!header(m, 'Reply-To')?.includes(`<${email}>`));
    expect(notice.to).toEqual([AGENCY]);
    expect(header(notice, 'Bcc')).toBeNull();
    expect(header(notice, 'Reply-To')).toMatch(/<eve@example\.de>$/);
  });
});

describe('the webhook and the inbox', () => {
  let server: Server;
  let receiver: http.Server;
  const events: { type: string; data: { submission: Record<string, unknown> } }[] = [];
  let arrived: (() => void) | null = null;

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        events.push(JSON.parse(body));
        response.writeHead(204).end();
        arrived?.();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({
      WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      WEBHOOK_SECRET: SECRET,
      AGENCY_NAME: 'Makler & Partner',
    });
  });
  afterAll(async () => {
    const closing = server.close();
    receiver.closeAllConnections();
    await closing;
    await new Promise((resolve) => receiver.close(resolve));
  });

  /** Waits until `n` webhook calls have arrived. */
  async function webhooks(n: number) {
    while (events.length < n) await new Promise<void>((resolve) => (arrived = resolve));
    return events;
  }

  it("carries the submission's OpenImmo-Feedback in the webhook and offers it in the inbox to staff", async () => {
    const client = server.client();
    const [, path, body] = SUBMISSIONS[0]!;
    const sent = await client.post(PREFIX + path, body('ina@example.de'));
    expect(sent.status).toBe(201);
    const [event] = await webhooks(1);
    expect(event!.type).toBe('submission.created');
    expect(webhookConforms('submission.created', event)).toEqual({ ok: true });
    const xml = event!.data.submission.openimmoFeedback as string;
    const doc = parseFeedback(xml);
    expect(feedbackErrors(doc)).toEqual([]);
    expect(textOf(doc, 'oobj_id')).toBe('W-1001');

    const uuid = event!.data.submission.uuid as string;
    const url = `/agency/api/submissions/${uuid}/openimmo-feedback.xml`;
    // A visitor's session is no staff session.
    expect((await client.get(url)).status).toBe(403);
    const staff = await staffSignIn(server, AGENCY);
    const download = await staff.get(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="kontakt-openimmo-feedback.xml"',
    );
    expect(download.body).toBe(xml);
  });

  it('has none for a newsletter setting: null in the webhook, 404 in the inbox', async () => {
    const [, path, body] = SUBMISSIONS[4]!;
    const before = events.length;
    expect((await server.client().post(PREFIX + path, body('nele@example.de'))).status).toBe(201);
    const event = (await webhooks(before + 1))[before]!;
    expect(event.data.submission.kind).toBe('newsletter');
    expect(event.data.submission.openimmoFeedback).toBeNull();
    const staff = await staffSignIn(server, AGENCY);
    const uuid = event.data.submission.uuid as string;
    expect((await staff.get(`/agency/api/submissions/${uuid}/openimmo-feedback.xml`)).status).toBe(
      404,
    );
  });
});

describe('notices routed per kind', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({
      AGENCY_NOTICE: 'on-submit',
      AGENCY_EMAIL: 'team@makler.example',
      AGENCY_EMAIL_LEAD: 'bewertung@makler.example',
      AGENCY_EMAIL_EXPOSE_INQUIRY: 'vermietung@makler.example',
      AGENCY_EMAIL_SAVED_SEARCH: '',
    });
  });
  afterAll(() => server.close());

  it("sends each kind's notice to its address, the others to AGENCY_EMAIL", async () => {
    const client = server.client();
    for (const [kind, path, body] of SUBMISSIONS)
      expect((await client.post(PREFIX + path, body(emailOf(kind)))).status).toBe(201);
    const notices = (await server.mails()).filter((m) => m.to.endsWith('@makler.example'));
    const to = (subject: RegExp) => notices.filter((m) => subject.test(m.subject)).map((m) => m.to);
    expect(notices).toHaveLength(SUBMISSIONS.length);
    expect(to(/^Neue Anfrage/)).toEqual(['bewertung@makler.example']);
    expect(to(/^Neue Exposé-Anfrage/)).toEqual(['vermietung@makler.example']);
    expect(to(/^Neues Suchprofil/)).toEqual(['team@makler.example']);
    expect(to(/^Neue Kontaktnachricht/)).toEqual(['team@makler.example']);
    expect(to(/^Neue Newsletter-Anmeldung/)).toEqual(['team@makler.example']);
  });

  it('refuses to start with a notice address that is not one plain address', () => {
    const errors = configFromEnv({
      AGENCY_EMAIL_LEAD: 'a@makler.example, b@makler.example',
      AGENCY_EMAIL_NEWSLETTER: 'Team <team@makler.example>',
      AGENCY_EMAIL: 'kein-postfach',
      AGENCY_EMAIL_CONTACT: 'kontakt@makler.example',
    }).startupErrors;
    expect(errors).toEqual([
      'AGENCY_EMAIL must be one e-mail address (name@example.de), or empty',
      'AGENCY_EMAIL_LEAD must be one e-mail address (name@example.de), or empty',
      'AGENCY_EMAIL_NEWSLETTER must be one e-mail address (name@example.de), or empty',
    ]);
  });
});
