/**
 * @jest-environment node
 */
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import type { Sql } from '../db/sql';
import { testDialects, type OpenTestDatabase } from '../db/testDialects';
import {
  backoffMs,
  createOutbox,
  isWebhookSecret,
  RETRY_FOR_MS,
  WEBHOOK_TIMEOUT_MS,
  type OutboxDeps,
} from './outbox';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const HOOK = 'https://crm.example/hooks/immosuite';
const mail = (to: string) => ({
  to,
  subject: 'Neue Anfrage',
  text: 'Text',
  html: '<p>Text</p>',
  links: [],
});

/** An outbox over a fresh database, with a clock the test moves. */
async function setup(
  open: OpenTestDatabase,
  settings: { smtp?: boolean; webhooks?: boolean } = {},
  deps: OutboxDeps = {},
) {
  const sql: Sql = await open();
  opened.push(sql);
  let now = Date.parse('2026-11-24T10:00:00.000Z');
  const outbox = createOutbox(
    sql,
    {
      smtpUrl: settings.smtp ? 'smtp://mail.example:25' : null,
      mailFrom: 'Immobilienservice <noreply@makler.example>',
      webhookUrl: settings.webhooks ? HOOK : null,
      webhookSecret: settings.webhooks ? SECRET : null,
    },
    { now: () => now, random: () => 0.5, ...deps },
  );
  return {
    sql,
    outbox,
    advance(ms: number) {
      now += ms;
    },
    now: () => now,
  };
}

const opened: Sql[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sql) => sql.close()));
});

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

  it('with SMTP sends after the commit, retries a failed send with backoff, with one Message-ID', async () => {
    const sent: { to: string; html?: string; messageId: string }[] = [];
    let smtpUp = false;
    const { outbox, sql, advance } = await setup(
      open,

      { smtp: true },
      {
        sendMail: async (message) => {
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
      attempts: 3,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'makler@example.de', html: '<p>Text</p>' });
    expect(sent[0]!.messageId).toMatch(/^<delivery-1-\d+@makler\.example>$/);
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
    expect(await outbox.delivery(1)).toMatchObject({ status: 'failed', lastError: '554 rejected' });
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

  it('claims a due delivery once, however many runs look at the same time', async () => {
    let sends = 0;
    const { outbox, sql } = await setup(
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
    const counts = await Promise.all([outbox.runDue(), outbox.runDue(), outbox.runDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(sends).toBe(30);
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
    for (const call of calls) {
      expect(call.headers['webhook-id']).toBe('msg_1');
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
});
