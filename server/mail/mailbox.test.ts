/**
 * @jest-environment node
 *
 * The dev mailbox is for development only (docs/security.md#the-dev-mailbox): open on a
 * loopback bind, closed behind a proxy, under a public URL or with SMTP, and never for another
 * Host. It shows a mail as MailHog does (headers, text, HTML part, attachments), every value
 * escaped, the HTML part sandboxed.
 */
import http from 'node:http';
import { type Server } from '../../test/server/requests';
import {
  contact,
  DEFAULT_TEST_ENV,
  keyOf,
  PREFIX,
  startTestServer,
} from '../../test/server/testServer';
import { configFromEnv } from '../config';

describe('the dev mailbox', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('is open on a loopback bind, closed on another unless DEV_MAILBOX=1', () => {
    expect(configFromEnv({ ...DEFAULT_TEST_ENV, HOST: '127.0.0.1' }).devMailbox).toBe(true);
    expect(configFromEnv({ ...DEFAULT_TEST_ENV, HOST: '0.0.0.0' }).devMailbox).toBe(false);
    expect(configFromEnv({ HOST: '0.0.0.0', DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(configFromEnv({ HOST: '127.0.0.1', SMTP_URL: 'smtp://mail.test' }).devMailbox).toBe(
      false,
    );
  });

  it('is not served when closed', async () => {
    // A public bind needs its public URL (see startup.test.ts); the mailbox stays closed there.
    const closed = await startTestServer({
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://makler.example',
    });
    try {
      expect((await fetch(`${closed.base}/dev/mailbox.json`)).status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('no dev mailbox behind a proxy or under a public URL, and none for another Host', async () => {
    const behindProxy = configFromEnv({
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://makler.example',
    });
    expect(behindProxy.devMailbox).toBe(false);
    expect(configFromEnv({ HOST: '127.0.0.1', TRUST_PROXY: '1' }).devMailbox).toBe(false);
    expect(
      configFromEnv({ HOST: '127.0.0.1', PUBLIC_URL: 'https://makler.example' }).devMailbox,
    ).toBe(false);
    // Said explicitly, it is there; on a plain loopback bind too.
    expect(configFromEnv({ TRUST_PROXY: '1', DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(configFromEnv({ HOST: '127.0.0.1' }).devMailbox).toBe(true);
    const port = new URL(server.base).port;
    const ask = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, path: '/dev/mailbox.json', headers: { Host: host } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end();
      });
    expect(await ask(`127.0.0.1:${port}`)).toBe(200);
    expect(await ask(`localhost:${port}`)).toBe(200);
    expect(await ask('attacker.example')).toBe(403);
  });
});

describe('a mail in the dev mailbox', () => {
  let server: Server;
  const HOSTILE = {
    email: 'eve@example.de',
    firstname: '<script>alert(1)</script>',
    lastname: '"Böse" & <b>Co</b>',
  };
  beforeAll(async () => {
    server = await startTestServer({ AGENCY_NOTICE: 'on-submit' });
    const client = server.client();
    const sent = await client.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact(HOSTILE),
      message: 'Hallo </pre><img src=x onerror=alert(2)>',
    });
    expect(sent.status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (path: string) => fetch(`${server.base}${path}`);
  /** The newest notice to the agency, as the JSON lists it. */
  const notice = async () =>
    (
      (await (await get('/dev/mailbox.json')).json()) as {
        id: number;
        to: string;
        subject: string;
        text: string;
        links: string[];
        from: string;
        replyTo: { name: string; address: string };
        html: string;
        attachments: { filename: string; contentType: string; size: number; href: string }[];
      }[]
    ).find((m) => m.to === 'makler@immosuite.local')!;

  it('lists its sender, Reply-To, HTML part and attachments in the JSON, beside what it listed before', async () => {
    const mail = await notice();
    expect(mail).toMatchObject({
      from: expect.stringContaining('@'),
      replyTo: { address: 'eve@example.de' },
      html: expect.stringContaining('<html'),
      links: expect.any(Array),
      text: expect.stringContaining('E-Mail: eve@example.de'),
    });
    expect(mail.attachments).toEqual([
      {
        filename: 'kontakt-openimmo-feedback.xml',
        contentType: expect.stringMatching(/^application\/xml/),
        size: expect.any(Number),
        href: `/dev/mailbox/${mail.id}/attachments/0`,
      },
    ]);
  });

  it('lists the mails and shows one with its headers, text, HTML part and attachments, every value escaped', async () => {
    const mail = await notice();
    const list = await get('/dev/mailbox');
    expect(list.headers.get('content-security-policy')).toContain("default-src 'none'");
    const listed = await list.text();
    expect(listed).toContain(`<a href="/dev/mailbox/${mail.id}">`);
    expect(listed).toContain('kontakt-openimmo-feedback.xml');
    const one = await get(`/dev/mailbox/${mail.id}`);
    expect(one.status).toBe(200);
    const html = await one.text();
    // What the visitor typed is text on the page: no tag of theirs, quotes and & escaped.
    expect(html).not.toMatch(/<script>alert|<b>Co<\/b>|<img src=x/);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('&#34;Böse&#34; &#38; &#60;b&#62;Co&#60;/b&#62;');
    expect(html).toContain('Hallo &#60;/pre&#62;&#60;img src=x onerror=alert(2)&#62;');
    for (const header of ['From', 'To', 'Reply-To', 'Subject', 'Date', 'Message-ID'])
      expect(html).toContain(`<dt>${header}</dt>`);
    expect(html).toContain('eve@example.de');
    // The HTML part in a sandboxed frame of its own route, never inline.
    expect(html).toContain(
      `<iframe sandbox="" src="/dev/mailbox/${mail.id}/html" title="HTML-Teil der E-Mail">`,
    );
    expect(html).not.toContain(
      '<!doctype html><html lang="de"><head><meta charset="utf-8"></head>',
    );
    expect(html).toContain(`href="/dev/mailbox/${mail.id}/attachments/0" download`);
  });

  it('serves the HTML part sandboxed, under a policy that allows no script and no request', async () => {
    const mail = await notice();
    const part = await get(`/dev/mailbox/${mail.id}/html`);
    expect(part.status).toBe(200);
    const policy = part.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain('img-src data:');
    expect(policy).toMatch(/(^|;)sandbox(;|$)/);
    expect(policy).not.toContain('script-src');
    expect(await part.text()).toBe(mail.html);
  });

  it('downloads an attachment by its name, and answers 404 for one that is not there', async () => {
    const mail = await notice();
    const file = await get(mail.attachments[0]!.href);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="kontakt-openimmo-feedback.xml"; filename*=UTF-8\'\'kontakt-openimmo-feedback.xml',
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const xml = await file.text();
    expect(xml).toContain('<openimmo_feedback');
    expect(Buffer.byteLength(xml)).toBe(mail.attachments[0]!.size);
    expect((await get(`/dev/mailbox/${mail.id}/attachments/1`)).status).toBe(404);
    expect((await get('/dev/mailbox/999999')).status).toBe(404);
    expect((await get('/dev/mailbox/x%3Cscript%3E')).status).toBe(404);
  });

  it('shows a confirmation mail without HTML part or attachments as having none', async () => {
    const list = (await (await get('/dev/mailbox.json')).json()) as {
      id: number;
      to: string;
      links: string[];
      html: string | null;
    }[];
    const confirmation = list.find((m) => m.to === 'eve@example.de' && m.links.length)!;
    expect(keyOf(confirmation.links[0]!)).toBeTruthy();
    const html = await (await get(`/dev/mailbox/${confirmation.id}`)).text();
    expect(confirmation.html).toBeNull();
    expect(html).toContain('Keine Anhänge.');
    expect(html).toContain('Kein HTML-Teil.');
    expect((await get(`/dev/mailbox/${confirmation.id}/html`)).status).toBe(404);
  });
});
