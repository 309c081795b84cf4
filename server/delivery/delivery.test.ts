/**
 * @jest-environment node
 *
 * The server's mail and webhooks against a real SMTP server: a visitor's confirmation mail
 * reaches SMTP while the webhook receiver never answers, a notice the SMTP server refuses for
 * good shows as failed, with the server's answer, in the inbox's delivery log, and an SMTP
 * server that never answers holds up no visitor's answer. No test waits on a clock: each
 * waits for the SMTP server, the receiver or the outbox, or sends what is due itself.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { WEBHOOK_CONCURRENCY } from './channels';
import { startTestSmtp, type TestSmtp } from '../../test/server/smtp';
import {
  contact,
  lead,
  PREFIX,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
const AGENCY_API = '/agency/api';

const keyIn = (text: string) => /[?&]k=([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('mail and webhooks through SMTP', () => {
  let smtp: TestSmtp;
  let receiver: http.Server;
  let server: Server;
  /** The calls the receiver has taken (and never answers). */
  let waiting = 0;
  let slotsFull!: Promise<void>;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    let full!: () => void;
    slotsFull = new Promise((resolve) => (full = resolve));
    receiver = http.createServer(() => {
      waiting += 1;
      if (waiting === WEBHOOK_CONCURRENCY) full();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    server = await startTestServer(
      {
        SMTP_URL: smtp.url,
        WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        WEBHOOK_SECRET: SECRET,
        AGENCY_EMAIL: 'postfach@makler.example',
        AGENCY_NOTICE: 'on-submit',
      },
      undefined,
      0,
      // The receiver's calls stay open for the whole test, however slow the machine: none
      // ends with the outbox's own timeout and frees its slot.
      { outbox: { webhookTimeoutMs: 10 * 60_000 } },
    );
  });
  afterAll(async () => {
    const closing = server.close();
    receiver.closeAllConnections();
    await closing;
    await new Promise((resolve) => receiver.close(resolve));
    await smtp.close();
  });

  it("mails every visitor's confirmation while the webhook receiver never answers", async () => {
    const client = server.client();
    const visitors = Array.from({ length: 3 * WEBHOOK_CONCURRENCY }, (_, i) => `v${i}@example.de`);
    for (const email of visitors) {
      const answer = await client.post(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email }),
        lead: lead(),
      });
      expect(answer.status).toBe(201);
    }
    await slotsFull;
    const confirmations = await Promise.all(visitors.map((email) => smtp.mailTo(email)));
    // Each with its confirmation link; the receiver still holds every call it took.
    for (const mail of confirmations) expect(keyIn(mail.decoded)).toMatch(/^[0-9a-f]{12}/);
    expect(waiting).toBe(WEBHOOK_CONCURRENCY);
  });
});

describe('a notice the SMTP server refuses for good', () => {
  let smtp: TestSmtp;
  let server: Server;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      SMTP_URL: smtp.url,
      AGENCY_EMAIL: 'postfach@makler.example',
      AGENCY_USERS: 'chefin@makler.example',
      AGENCY_NOTICE: 'on-submit',
    });
    // The test sends what is due itself (runDue), so nothing else claims it meanwhile.
    await server.app.outbox.stop();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it("shows a notice the SMTP server refused for good as failed, with the server's answer, in the inbox", async () => {
    smtp.refuse('postfach@makler.example', 550, '5.1.1 <postfach@makler.example>: no such user');
    const visitor = server.client();
    const answer = await visitor.post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ email: 'refused.notice@example.de' }),
      lead: lead(),
    });
    expect(answer.status).toBe(201);
    // The staff member asks for a link, which is stored after the answer.
    const staff: TestClient = server.client();
    const linkStored = server.app.outbox.nudged();
    await staff.post(`${AGENCY_API}/auth/email`, { email: 'chefin@makler.example' });
    await linkStored;
    // One try each: the confirmation, the notice (refused), the staff member's link.
    expect(await server.app.outbox.runDue()).toBe(3);
    const signIn = await smtp.mailTo('chefin@makler.example');
    expect(
      (await staff.post(`${AGENCY_API}/auth/login`, { k: keyIn(signIn.decoded) })).status,
    ).toBe(200);
    const notice = async () =>
      (
        await staff.get<{
          deliveries: { kind: string; status: string; lastError: string | null; error: unknown }[];
        }>(`${AGENCY_API}/submissions/${answer.body.uuid}`)
      ).body.deliveries.find((d) => d.kind === 'notice')!;
    // The notice was tried once and failed at once: no retry for three days.
    expect(await notice()).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the mail server refused it: 550 5.1.1 <postfach@makler.example>: no such user',
      error: { code: 'smtp_rejected', status: 550, enhanced: '5.1.1' },
    });
    expect(await server.app.outbox.runDue()).toBe(0);
  });
});

describe('mail through an SMTP server that never answers', () => {
  it('with an SMTP server that never answers, forms and login mails are answered at once; the mails wait in the outbox', async () => {
    const sockets = new Set<net.Socket>();
    let connected = () => {};
    const talking = new Promise<void>((resolve) => (connected = resolve));
    // Accepts connections and never says a word (no greeting).
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const smtpPort = (silent.address() as net.AddressInfo).port;
    const server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    /** No SMTP connection given up on: an answer that waited for SMTP would come after that. */
    const noneGivenUp = () =>
      [...sockets].every((socket) => !socket.destroyed && !socket.readableEnded);
    try {
      const client = server.client();
      const submitted = await client.post(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email: 'smtp-hang@example.de' }),
        lead: lead(),
      });
      expect(submitted.status).toBe(201);
      expect(noneGivenUp()).toBe(true);
      const mailed = await client.post(`${PREFIX}/v1/auth/email`, { email: 'nobody@example.de' });
      expect(mailed.body).toEqual({ sent: true });
      expect(noneGivenUp()).toBe(true);
      // The worker is talking to the silent server meanwhile.
      await talking;
      const mails = await server.app.sql.all(
        `SELECT kind, status FROM deliveries WHERE channel = 'mail' ORDER BY id`,
      );
      expect(mails).toEqual([
        { kind: 'confirm', status: 'pending' },
        { kind: 'noAccount', status: 'pending' },
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await server.close();
    }
  });
});
