/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import type { Sql } from '../db/sql';
import { testDialects, type OpenTestDatabase } from '../../test/server/dialects';
import { ANSWER_BYTES, WEBHOOK_CONCURRENCY, WEBHOOK_TIMEOUT_MS } from './channels';
import { createOutbox, isWebhookSecret, type OutboxDeps } from './outbox';
import { startTestSmtp, type TestSmtp } from '../../test/server/smtp';
import { backoffMs, LEASE_MS, POLL_MS, RENEW_MS, RETRY_FOR_MS, type Repeat } from './worker';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const HOOK = 'https://crm.example/hooks/immosuite';
const mail = (to: string) => ({
  to,
  subject: 'Neue Anfrage',
  text: 'Text',
  html: '<p>Text</p>',
  links: [],
});

const UUIDV7 = '[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/**
 * An outbox over a fresh database, with a clock the test moves; `smtp` and `webhooks` are true
 * (placeholders for injected senders) or the URL of a real server. `another()` is a second
 * outbox on the same database, as another server process runs one.
 */
async function setup(
  open: OpenTestDatabase,
  settings: { smtp?: boolean | string; webhooks?: boolean | string } = {},
  deps: OutboxDeps = {},
) {
  const sql: Sql = await open();
  opened.push(sql);
  let now = Date.parse('2026-11-24T10:00:00.000Z');
  const url = (value: boolean | string | undefined, placeholder: string) =>
    typeof value === 'string' ? value : value ? placeholder : null;
  const another = () =>
    createOutbox(
      sql,
      {
        smtpUrl: url(settings.smtp, 'smtp://mail.example:25'),
        mailFrom: 'Immobilienservice <noreply@makler.example>',
        webhookUrl: url(settings.webhooks, HOOK),
        webhookSecret: settings.webhooks ? SECRET : null,
      },
      { now: () => now, random: () => 0.5, ...deps },
    );
  const outbox = another();
  outboxes.push(outbox);
  return {
    sql,
    outbox,
    another: () => {
      const other = another();
      outboxes.push(other);
      return other;
    },
    advance(ms: number) {
      now += ms;
    },
    now: () => now,
  };
}

/** A submission (and its contact) for deliveries to name; its id. */
async function aSubmission(sql: Sql, n = 1): Promise<number> {
  const at = '2026-11-24T09:00:00.000Z';
  const returning = sql.dialect === 'postgres' ? ' RETURNING id' : '';
  const contact = await sql.insert(
    `INSERT INTO contacts (email, created_at, updated_at) VALUES (?, ?, ?)${returning}`,
    `contact${n}@example.de`,
    at,
    at,
  );
  return (await sql.insert(
    `INSERT INTO submissions (uuid, kind, contact_id, contact_data, language, created_at)
     VALUES (?, 'lead', ?, '{}', 'de', ?)${returning}`,
    `submission-${n}`,
    contact,
    at,
  ))!;
}

/** An HTTP receiver on loopback that answers as `handle` does. */
async function startReceiver(handle: http.RequestListener) {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** Repeating tasks (polls, lease renewals) that the test runs itself, as time passing would. */
function drivenTimers() {
  const tasks = new Map<number, { ms: number; task: () => Promise<void> }>();
  let next = 0;
  const repeat: Repeat = (ms, task) => {
    const id = (next += 1);
    tasks.set(id, { ms, task });
    return () => tasks.delete(id);
  };
  return {
    repeat,
    /** Runs every task repeated every `ms` once; resolves when they are done. */
    fire: (ms: number) =>
      Promise.all([...tasks.values()].filter((t) => t.ms === ms).map((t) => t.task())),
  };
}

const opened: Sql[] = [];
const outboxes: ReturnType<typeof createOutbox>[] = [];
const servers: http.Server[] = [];
const smtps: TestSmtp[] = [];
afterEach(async () => {
  const stopping = Promise.all(outboxes.splice(0).map((outbox) => outbox.stop()));
  // A receiver's open requests end, so the tries waiting on them do.
  for (const server of servers) server.closeAllConnections();
  await stopping;
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
  await Promise.all(smtps.splice(0).map((smtp) => smtp.close()));
  await Promise.all(opened.splice(0).map((sql) => sql.close()));
});

async function smtpServer() {
  const smtp = await startTestSmtp();
  smtps.push(smtp);
  return smtp;
}

describe.each(testDialects())('delivery outbox on %s', (_name, open) => {
  it('without SMTP puts a mail in the dev outbox at once; a notice also in the delivery log', async () => {
    const { outbox, sql } = await setup(open);
    await sql.transaction(async (tx) => {
      await outbox.mail(tx, mail('visitor@example.de'), { kind: 'confirm' });
      await outbox.mail(tx, mail('makler@example.de'), { kind: 'notice' });
    });
    expect((await outbox.mailbox()).map((m) => m.to)).toEqual([
      'makler@example.de',
      'visitor@example.de',
    ]);
    const rows = await sql.all('SELECT channel, kind, status, attempts FROM deliveries');
    expect(rows).toEqual([{ channel: 'mail', kind: 'notice', status: 'sent', attempts: 1 }]);
  });

  it('keeps a mail only when the batch job that wrote it commits', async () => {
    const { outbox, sql } = await setup(open);
    const mail = (to: string) => ({ to, subject: 'Bitte bestätigen', text: 'Link', links: [] });
    await Promise.allSettled([
      sql.batch((tx) => outbox.mail(tx, mail('kept@example.de'), { kind: 'confirm' })),
      sql.batch(async (tx) => {
        await outbox.mail(tx, mail('dropped@example.de'), { kind: 'notice' });
        throw new Error('storing the submission failed');
      }),
    ]);
    expect((await outbox.mailbox()).map((m) => m.to)).toEqual(['kept@example.de']);
    expect(await sql.all('SELECT COUNT(*) AS n FROM deliveries')).toEqual([{ n: 0 }]);
  });

  it('with SMTP sends after the commit, retries a failed send with backoff, with one Message-ID', async () => {
    const sent: { to: string; html?: string; messageId: string }[] = [];
    const messageIds = new Set<string>();
    let smtpUp = false;
    const { outbox, sql, advance } = await setup(
      open,
      { smtp: true },
      {
        sendMail: async (message) => {
          messageIds.add(message.messageId);
          if (!smtpUp) throw new Error('connect ECONNREFUSED');
          sent.push(message);
        },
      },
    );
    await sql.transaction((tx) => outbox.mail(tx, mail('makler@example.de'), { kind: 'notice' }));
    // Nothing in the dev outbox: SMTP carries mail.
    expect(await outbox.mailbox()).toEqual([]);
    expect(await outbox.runDue()).toBe(1);
    expect(await outbox.delivery(1)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'connect ECONNREFUSED',
      error: { code: 'connection_refused' },
    });
    // Not due again before its backoff (30 s, less a quarter with this random).
    expect(await outbox.runDue()).toBe(0);
    advance(22_000);
    expect(await outbox.runDue()).toBe(0);
    advance(1_000);
    expect(await outbox.runDue()).toBe(1);
    expect(await outbox.delivery(1)).toMatchObject({ attempts: 2, status: 'pending' });
    smtpUp = true;
    advance(backoffMs(2, () => 0.5));
    expect(await outbox.runDue()).toBe(1);
    expect(await outbox.delivery(1)).toMatchObject({
      status: 'sent',
      lastError: null,
      error: null,
      attempts: 3,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'makler@example.de', html: '<p>Text</p>' });
    // One Message-ID over the three tries: the delivery's UUIDv7 at the sender's domain.
    expect([...messageIds]).toEqual([sent[0]!.messageId]);
    expect(sent[0]!.messageId).toMatch(new RegExp(`^<${UUIDV7}@makler\\.example>$`));
  });

  it('gives up after three days, marks the delivery failed with its last error, and sends it again on request', async () => {
    let up = false;
    const { outbox, sql, advance } = await setup(
      open,
      { smtp: true },
      {
        sendMail: async () => {
          if (!up) throw new Error('554 rejected');
        },
      },
    );
    await sql.transaction((tx) => outbox.mail(tx, mail('makler@example.de'), { kind: 'notice' }));
    let tries = 0;
    while ((await outbox.delivery(1))!.status === 'pending') {
      tries += await outbox.runDue();
      advance(60 * 60 * 1000);
    }
    expect(await outbox.delivery(1)).toMatchObject({
      status: 'failed',
      lastError: '554 rejected',
      error: { code: 'smtp_reply', status: 554 },
    });
    // Doubling from 30 s to 6 h: about twenty tries in three days, none after.
    expect(tries).toBeGreaterThan(15);
    expect(tries).toBeLessThan(40);
    advance(RETRY_FOR_MS);
    expect(await outbox.runDue()).toBe(0);
    up = true;
    expect(await outbox.retry(1)).toBe(true);
    expect(await outbox.runDue()).toBe(1);
    expect(await outbox.delivery(1)).toMatchObject({ status: 'sent' });
    // Only a failed delivery is sent again.
    expect(await outbox.retry(1)).toBe(false);
  });

  it('waits 30 s doubling to 6 h between tries, jittered by at most half', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, r) => {
          const full = Math.min(30_000 * 2 ** (attempt - 1), 6 * 60 * 60 * 1000);
          const wait = backoffMs(attempt, () => r);
          expect(wait).toBeLessThanOrEqual(full);
          expect(wait).toBeGreaterThanOrEqual(full / 2);
        },
      ),
    );
  });

  it('claims a due delivery once, however many workers look at the same time', async () => {
    let sends = 0;
    const { outbox, sql, another } = await setup(
      open,
      { smtp: true },
      {
        sendMail: async () => {
          sends += 1;
        },
      },
    );
    await sql.transaction(async (tx) => {
      for (let i = 0; i < 30; i += 1)
        await outbox.mail(tx, mail(`m${i}@example.de`), { kind: 'notice' });
    });
    // Three workers, as three server processes on one database run them.
    const counts = await Promise.all([outbox.runDue(), another().runDue(), another().runDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(sends).toBe(30);
  });

  it.each([
    ['neither SMTP nor webhooks', {}, []],
    ['SMTP only', { smtp: true }, ['mail']],
    ['webhooks only', { webhooks: true }, ['webhook']],
    ['SMTP and webhooks', { smtp: true, webhooks: true }, ['mail', 'webhook']],
  ] as const)('with %s, polls only the lanes in use', async (_what, settings, polled) => {
    const timers = drivenTimers();
    const { outbox, sql } = await setup(open, settings, { repeat: timers.repeat });
    // The claims the worker asks for, by channel, and their statements under way.
    const claims: unknown[] = [];
    const asked: Promise<unknown>[] = [];
    const all = sql.all.bind(sql);
    jest.spyOn(sql, 'all').mockImplementation(((text: string, ...params: never[]) => {
      const answer = all(text, ...params);
      if (text.startsWith('UPDATE deliveries SET attempts')) {
        claims.push(params[1]);
        asked.push(answer);
      }
      return answer;
    }) as never);
    /** Once the claims asked so far are answered and the worker has taken their answers. */
    const claimed = async () => {
      await Promise.all(asked);
      await new Promise((resolve) => setImmediate(resolve));
    };
    outbox.start();
    await claimed();
    // The start claimed in the lanes in use; so does each poll.
    expect([...claims].sort()).toEqual(polled);
    claims.length = 0;
    await timers.fire(POLL_MS);
    await claimed();
    expect([...claims].sort()).toEqual(polled);
  });

  it('signs each webhook per Standard Webhooks, keeps its id across tries, and retries a 5xx and a timeout', async () => {
    const calls: { headers: Record<string, string>; body: string }[] = [];
    const answers: (number | 'hang')[] = [503, 'hang', 204];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      calls.push({ headers: init.headers as Record<string, string>, body: init.body as string });
      const answer = answers.shift();
      if (answer === 'hang') {
        // The outbox's own timeout ends a receiver that does not answer.
        const signal = init.signal!;
        expect(signal.aborted).toBe(false);
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      }
      return new Response(null, { status: answer });
    }) as unknown as typeof fetch;
    const { outbox, sql, advance } = await setup(open, { webhooks: true }, { fetch: fakeFetch });
    await sql.transaction((tx) =>
      outbox.webhook(tx, 'submission.created', { submission: { uuid: 'u-1', kind: 'lead' } }, null),
    );
    for (let i = 0; i < 3; i += 1) {
      await outbox.runDue();
      advance(10 * 60 * 1000);
    }
    expect(await outbox.delivery(1)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(calls).toHaveLength(3);
    const receiver = new Webhook(SECRET);
    // One id over the three tries: 'msg_' and the delivery's UUIDv7.
    expect(new Set(calls.map((call) => call.headers['webhook-id'])).size).toBe(1);
    expect(calls[0]!.headers['webhook-id']).toMatch(new RegExp(`^msg_${UUIDV7}$`));
    for (const call of calls) {
      // The receiver's check (throws on a bad signature or an old timestamp) passes for each.
      const at = Number(call.headers['webhook-timestamp']) * 1000;
      jest.useFakeTimers({ now: at });
      try {
        expect(receiver.verify(call.body, call.headers)).toEqual({
          type: 'submission.created',
          timestamp: expect.any(String),
          data: { submission: { uuid: 'u-1', kind: 'lead' } },
        });
      } finally {
        jest.useRealTimers();
      }
      expect(() => receiver.verify(call.body.replace('u-1', 'u-2'), call.headers)).toThrow();
    }
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
  });

  it('writes no webhook without WEBHOOK_URL, and knows a Standard Webhooks secret', async () => {
    const { outbox, sql } = await setup(open);
    await outbox.webhook(sql, 'submission.created', {}, null);
    expect(await sql.one('SELECT COUNT(*) AS n FROM deliveries')).toEqual({ n: 0 });
    expect(isWebhookSecret(SECRET)).toBe(true);
    expect(isWebhookSecret('whsec_c2hvcnQ=')).toBe(false);
    expect(isWebhookSecret('geheim')).toBe(false);
  });

  it("gives every installation's webhooks ids of their own, not one counted from 1 in each database", async () => {
    const ids: string[] = [];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      ids.push((init.headers as Record<string, string>)['webhook-id']!);
      return new Response(null, { status: 204 });
    }) as unknown as typeof fetch;
    // Two installations (staging and production, or a database restored from a backup), one
    // receiver: the first event of each.
    for (let installation = 0; installation < 2; installation += 1) {
      const { outbox, sql } = await setup(open, { webhooks: true }, { fetch: fakeFetch });
      await sql.transaction((tx) => outbox.webhook(tx, 'consent.withdrawn', {}, null));
      expect(await outbox.runDue()).toBe(1);
    }
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(new RegExp(`^msg_${UUIDV7}$`));
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('sends a confirmation mail at once while a webhook receiver that never answers holds 300 events', async () => {
    const smtp = await smtpServer();
    let waiting = 0;
    let allWaiting!: () => void;
    const slotsFull = new Promise<void>((resolve) => (allWaiting = resolve));
    // Takes every call and never answers.
    const hook = await startReceiver(() => {
      waiting += 1;
      if (waiting === WEBHOOK_CONCURRENCY) allWaiting();
    });
    // The receiver's calls stay open for the whole test, however slow the machine: none ends
    // with the outbox's own timeout and frees its slot.
    const { outbox, sql, advance } = await setup(
      open,
      { smtp: smtp.url, webhooks: hook },
      { webhookTimeoutMs: 10 * 60_000 },
    );
    await sql.transaction(async (tx) => {
      for (let i = 0; i < 300; i += 1)
        await outbox.webhook(tx, 'consent.withdrawn', { contact: { email: `c${i}@x.de` } }, null);
    });
    // The visitor's mail is written after all 300 events.
    advance(1_000);
    await sql.transaction((tx) => outbox.mail(tx, mail('visitor@example.de'), { kind: 'confirm' }));
    outbox.start();
    const [confirmation] = await Promise.all([smtp.mail(1), slotsFull]);
    expect(confirmation.to).toEqual(['visitor@example.de']);
    // It went while every webhook slot waited on the receiver, none of the 300 delivered.
    expect(waiting).toBe(WEBHOOK_CONCURRENCY);
    expect(
      await sql.one(
        `SELECT count(*) AS n FROM deliveries WHERE channel = 'webhook' AND status = 'pending'`,
      ),
    ).toEqual({ n: 300 });
  });

  it("delivers one submission's events in order: a later one waits for the earlier, over its retries and across workers", async () => {
    const arrived: string[] = [];
    let receiverUp = false;
    const held: { answer?: (answer: Response) => void } = {};
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      const { type } = JSON.parse(init.body as string) as { type: string };
      if (!receiverUp) throw new Error('connect ECONNREFUSED');
      arrived.push(type);
      // The receiver takes its time over the first event once it is back.
      if (type === 'submission.created')
        return new Promise<Response>((resolve) => (held.answer = resolve));
      return new Response(null, { status: 204 });
    }) as unknown as typeof fetch;
    const { outbox, sql, advance, another } = await setup(
      open,
      { webhooks: true },
      { fetch: fakeFetch },
    );
    const submission = await aSubmission(sql);
    await sql.transaction((tx) =>
      outbox.webhook(tx, 'submission.created', { submission: { n: 1 } }, submission),
    );
    advance(1_000);
    await sql.transaction((tx) =>
      outbox.webhook(tx, 'submission.confirmed', { submission: { n: 1 } }, submission),
    );
    // The receiver is down: only the first event is tried; the second waits for it.
    expect(await outbox.runDue()).toBe(1);
    // Between the first event's tries the second is due by its own time, and still waits.
    advance(5_000);
    expect(await outbox.runDue()).toBe(0);
    receiverUp = true;
    advance(60 * 60 * 1000);
    // The first event is under way on one worker; another worker leaves the second alone.
    const first = outbox.runDue();
    while (!held.answer) await new Promise((resolve) => setImmediate(resolve));
    expect(await another().runDue()).toBe(0);
    held.answer(new Response(null, { status: 204 }));
    // Once the first is delivered, the second follows in the same run.
    expect(await first).toBe(2);
    expect(arrived).toEqual(['submission.created', 'submission.confirmed']);
    expect((await outbox.deliveriesOf(submission)).map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  it('renews the lease of a slow send, so no other worker sends the same mail again', async () => {
    const smtp = await smtpServer();
    const timers = drivenTimers();
    const { outbox, sql, advance, another } = await setup(
      open,
      { smtp: smtp.url },
      { repeat: timers.repeat },
    );
    await sql.transaction((tx) => outbox.mail(tx, mail('makler@example.de'), { kind: 'notice' }));
    const leaseOf = async () =>
      Date.parse((await outbox.delivery(1))!.nextAttemptAt) -
      Date.parse('2026-11-24T10:00:00.000Z');
    // The server takes the message and holds its answer, as a server that replies every 20 s.
    const held = smtp.holdNext();
    const first = outbox.runDue();
    const { release } = await held;
    expect(await leaseOf()).toBe(LEASE_MS);
    // Three leases' time passes mid-send; the worker renews its lease every RENEW_MS.
    for (let passed = RENEW_MS; passed <= 3 * LEASE_MS; passed += RENEW_MS) {
      advance(RENEW_MS);
      await timers.fire(RENEW_MS);
      expect(await leaseOf()).toBe(passed + LEASE_MS);
    }
    // Another worker (another process on the same database) finds nothing due.
    expect(await another().runDue()).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(smtp.sends).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect(await outbox.delivery(1)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it("reads at most a few KB of a receiver's answer, and keeps the start of a refusal's as its error", async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let offered = 0;
    let closed!: () => void;
    const answerClosed = new Promise<void>((resolve) => (closed = resolve));
    let refuse = false;
    const hook = await startReceiver((_request, response) => {
      if (refuse) {
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end(`Interner Fehler ${'y'.repeat(1024 * 1024)}`);
        return;
      }
      // 200 and an answer of 256 MB, written as fast as it is read.
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.on('close', closed);
      const write = () => {
        while (!response.destroyed && offered < 256 * 1024 * 1024) {
          offered += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      write();
    });
    const { outbox, sql } = await setup(open, { webhooks: hook });
    await sql.transaction((tx) => outbox.webhook(tx, 'consent.withdrawn', {}, null));
    expect(await outbox.runDue()).toBe(1);
    await answerClosed;
    expect(await outbox.delivery(1)).toMatchObject({ status: 'sent' });
    // What the socket buffers took before the outbox hung up, not the 256 MB offered.
    expect(offered).toBeLessThan(32 * 1024 * 1024);

    refuse = true;
    await sql.transaction((tx) => outbox.webhook(tx, 'consent.withdrawn', {}, null));
    expect(await outbox.runDue()).toBe(1);
    const { lastError, status, error } = (await outbox.delivery(2))!;
    expect(status).toBe('pending');
    expect(error).toEqual({ code: 'http_status', status: 500 });
    expect(lastError).toMatch(/^the receiver answered 500: Interner Fehler y+$/);
    expect(lastError!.length).toBe('the receiver answered 500: '.length + ANSWER_BYTES);
  });

  it("stores each failed try's error as a code the inbox words: a refused connection, a failed TLS handshake", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const plain = await startReceiver((_request, response) => response.end('ok'));
    const receivers = [
      [`http://127.0.0.1:${port}/hooks`, { code: 'connection_refused' }],
      [plain.replace('http:', 'https:'), { code: 'tls' }],
    ] as const;
    for (const [url, error] of receivers) {
      const { outbox, sql } = await setup(open, { webhooks: url });
      await sql.transaction((tx) => outbox.webhook(tx, 'consent.withdrawn', {}, null));
      expect(await outbox.runDue()).toBe(1);
      expect(await outbox.delivery(1)).toMatchObject({ status: 'pending', error });
      // Stored as a code, not read from the error's text.
      const stored = await sql.one<{ code: string }>(
        'SELECT last_error_code AS code FROM deliveries WHERE id = 1',
      );
      expect(JSON.parse(stored!.code)).toEqual(error);
    }
  });

  it('reads an error stored before codes from its text, and an unknown text as unknown', async () => {
    const { outbox, sql } = await setup(open, { webhooks: true });
    await sql.transaction(async (tx) => {
      for (let i = 0; i < 4; i += 1) await outbox.webhook(tx, 'consent.withdrawn', {}, null);
    });
    const stored = [
      'the receiver answered 502: Bad Gateway',
      'the mail server refused it: 550 5.1.1 <x@example.de>: no such user',
      'connect ECONNREFUSED 10.0.0.1:443',
      '<b>Kaputt</b> & "fort"',
    ];
    for (const [index, text] of stored.entries())
      await sql.run(
        'UPDATE deliveries SET last_error = ?, last_error_code = NULL WHERE id = ?',
        text,
        index + 1,
      );
    expect(
      await Promise.all([1, 2, 3, 4].map(async (id) => (await outbox.delivery(id))!.error)),
    ).toEqual([
      { code: 'http_status', status: 502 },
      { code: 'smtp_rejected', status: 550, enhanced: '5.1.1' },
      { code: 'connection_refused' },
      { code: 'unknown' },
    ]);
  });

  it('marks a mail the SMTP server refuses for good (550) failed at once, with its answer; a 450 is tried again', async () => {
    const smtp = await smtpServer();
    smtp.refuse('niemand@example.de', 550, '5.1.1 <niemand@example.de>: no such user');
    smtp.refuse('voll@example.de', 450, '4.2.1 mailbox busy, try later');
    const { outbox, sql, advance } = await setup(open, { smtp: smtp.url });
    await sql.transaction(async (tx) => {
      await outbox.mail(tx, mail('niemand@example.de'), { kind: 'notice' });
      await outbox.mail(tx, mail('voll@example.de'), { kind: 'notice' });
    });
    expect(await outbox.runDue()).toBe(2);
    expect(await outbox.delivery(1)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the mail server refused it: 550 5.1.1 <niemand@example.de>: no such user',
      error: { code: 'smtp_rejected', status: 550, enhanced: '5.1.1' },
    });
    expect(await outbox.delivery(2)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('450 4.2.1 mailbox busy, try later'),
      error: { code: 'smtp_reply', status: 450, enhanced: '4.2.1' },
    });
    // An hour later only the 450 is tried again.
    advance(60 * 60 * 1000);
    expect(await outbox.runDue()).toBe(1);
    expect(await outbox.delivery(1)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(smtp.mails).toEqual([]);
  });
});

/** How the mail channel reads an SMTP server's refusals: the outbox over SQLite (the rules are the channel's). */
describe('SMTP refusals', () => {
  const open = testDialects()[0]![1];
  it.each([
    // Bad address, mailbox or mail system: failed at once.
    ['RCPT TO', 550, '5.1.1 <x>: no such user', 'failed'],
    ['RCPT TO', 553, '5.1.3 bad address syntax', 'failed'],
    ['RCPT TO', 550, '5.2.1 mailbox disabled', 'failed'],
    ['DATA', 552, '5.3.4 message too big for system', 'failed'],
    ['DATA', 552, '5.2.3 message length exceeds administrative limit', 'failed'],
    // What RFC 3463 calls persistent transient: tried again.
    ['RCPT TO', 552, '5.2.2 mailbox full', 'pending'],
    ['DATA', 452, '4.3.1 mail system full', 'pending'],
    ['RCPT TO', 550, '5.3.1 mail system full', 'pending'],
    ['RCPT TO', 521, '5.3.2 not accepting messages, maintenance', 'pending'],
    // The sending server's setup (relaying, credentials, policy), or no enhanced code: tried again.
    ['RCPT TO', 554, '5.7.1 <x>: Relay access denied', 'pending'],
    ['RCPT TO', 550, '5.7.1 authentication required', 'pending'],
    ['RCPT TO', 530, '5.7.0 Authentication required', 'pending'],
    ['DATA', 554, '5.7.1 message refused as spam', 'pending'],
    ['RCPT TO', 550, 'no such user here', 'pending'],
    ['DATA', 554, 'transaction failed', 'pending'],
  ] as const)('a %s answer "%d %s" leaves the mail %s', async (at, code, text, status) => {
    const smtp = await smtpServer();
    smtp.refuse('kunde@example.de', code, text, at);
    const { outbox, sql } = await setup(open, { smtp: smtp.url });
    await sql.transaction((tx) => outbox.mail(tx, mail('kunde@example.de'), { kind: 'confirm' }));
    expect(await outbox.runDue()).toBe(1);
    const delivery = (await outbox.delivery(1))!;
    expect(delivery).toMatchObject({ status, attempts: 1 });
    expect(delivery.lastError).toContain(`${code} ${text}`);
    if (status === 'failed')
      expect(delivery.lastError).toBe(`the mail server refused it: ${code} ${text}`);
    expect(smtp.mails).toEqual([]);
  });

  it('warns once while the mail server refuses mail for its setup, and again after a mail got through', async () => {
    const smtp = await smtpServer();
    const warnings: unknown[] = [];
    const log = (message: string, detail?: unknown) => {
      if (message.startsWith('the mail server refuses mail')) warnings.push(detail);
    };
    const { outbox, sql } = await setup(open, { smtp: smtp.url }, { log });
    const send = async (...to: string[]) => {
      await sql.transaction(async (tx) => {
        for (const address of to) await outbox.mail(tx, mail(address), { kind: 'confirm' });
      });
      return outbox.runDue();
    };
    for (const to of ['a@example.de', 'b@example.de', 'c@example.de', 'e@example.de'])
      smtp.refuse(to, 554, '5.7.1 Relay access denied');
    // Three refusals in a row: one warning.
    expect(await send('a@example.de', 'b@example.de', 'c@example.de')).toBe(3);
    expect(warnings).toEqual([{ reply: '554 5.7.1 Relay access denied' }]);
    // A mail gets through (the three wait for their next try), then the next refusal warns.
    expect(await send('d@example.de')).toBe(1);
    expect(smtp.mails.map((m) => m.to)).toEqual([['d@example.de']]);
    expect(warnings).toHaveLength(1);
    expect(await send('e@example.de')).toBe(1);
    expect(warnings).toHaveLength(2);
    // Each refused mail is still pending, to be tried again.
    expect(
      (await sql.all(`SELECT status FROM deliveries ORDER BY id`)).map((r) => r.status),
    ).toEqual(['pending', 'pending', 'pending', 'sent', 'pending']);
  });
});

describe('a webhook receiver that never answers', () => {
  const open = testDialects()[0]![1];

  it('is given up on after the webhook timeout, and tried again later', async () => {
    const hook = await startReceiver(() => {});
    const { outbox, sql } = await setup(open, { webhooks: hook }, { webhookTimeoutMs: 50 });
    await sql.transaction((tx) => outbox.webhook(tx, 'consent.withdrawn', {}, null));
    expect(await outbox.runDue()).toBe(1);
    expect(await outbox.delivery(1)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/timeout|aborted/i),
      error: { code: 'timeout' },
    });
  });
});
