/**
 * @jest-environment node
 *
 * An erasure and the sends under way that carry its contact (docs/security.md#erasure,
 * decision 214): it answers only once each has ended, stopped or sent, and says which.
 * Runs on the database the test run names (`npm run test:postgres` for PostgreSQL).
 */
import { startTestSmtp, type TestSmtp } from '../../test/server/smtp';
import { contact, lead, PREFIX, startTestServer } from '../../test/server/testServer';
import { settled, STOPPING_POLL_MS, type Erasure } from './erasure';

const API = '/agency/api';
const STAFF = 'anna@makler.example';

const keyIn = (text: string) => /[?&]k=([A-Za-z0-9_-]+)/.exec(text)![1]!;

/** A staff session, signed in by the link the mail server received. */
async function staffSignIn(server: Awaited<ReturnType<typeof startTestServer>>, smtp: TestSmtp) {
  const staff = server.client();
  expect((await staff.post(`${API}/auth/email`, { email: STAFF })).status).toBe(200);
  const mail = await smtp.mailTo(STAFF);
  expect((await staff.post(`${API}/auth/login`, { k: keyIn(mail.decoded) })).status).toBe(200);
  return staff;
}

describe('an erasure with a mail under way', () => {
  let smtp: TestSmtp;
  beforeEach(async () => {
    smtp = await startTestSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('stops the mail a slow mail server holds, answers after it, and says it was stopped', async () => {
    const server = await startTestServer({ SMTP_URL: smtp.url, AGENCY_USERS: STAFF });
    try {
      const staff = await staffSignIn(server, smtp);
      // The mail server takes the confirmation's data and holds its answer, as a slow one does.
      const held = smtp.holdNext();
      const email = 'erased.in.flight@example.de';
      const sent = await server.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email }),
        lead: lead(),
      });
      expect(sent.status).toBe(201);
      const { release, clientGone } = await held;
      const before = await server.app.sql.one<{ status: string; sending: number }>(
        `SELECT status, sending FROM deliveries WHERE channel = 'mail' AND status = 'pending'`,
      );
      expect(before).toEqual({ status: 'pending', sending: 1 });

      const answer = await staff.del<{ removed: Record<string, number> }>(
        `${API}/submissions/${sent.body.uuid}/contact`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.removed).toMatchObject({
        deliveriesStopped: 1,
        deliveriesSentWhileErasing: 0,
      });
      // When it answered, the send had ended: no row is left that names or was the mail, and
      // the erasure's record counts it.
      const rows = await server.app.sql.all(
        `SELECT id FROM deliveries WHERE status IN ('pending', 'stopping', 'stopped')`,
      );
      expect(rows).toEqual([]);
      const record = await server.app.sql.one<{ removed: string }>(
        'SELECT removed FROM erasures ORDER BY id DESC LIMIT 1',
      );
      expect(JSON.parse(record!.removed)).toMatchObject({ deliveriesStopped: 1 });
      // The client had left when the mail server's answer came: it never took the message.
      await clientGone;
      release();
      expect(smtp.abandoned).toBe(1);
      expect(smtp.mails.filter((mail) => mail.to.includes(email))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('answers at once when nothing of the contact is under way', async () => {
    const server = await startTestServer({ SMTP_URL: smtp.url, AGENCY_USERS: STAFF });
    try {
      const staff = await staffSignIn(server, smtp);
      const email = 'erased.at.rest@example.de';
      const sent = await server.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email }),
        lead: lead(),
      });
      await smtp.mailTo(email);
      const answer = await staff.del<{ removed: Record<string, number> }>(
        `${API}/submissions/${sent.body.uuid}/contact`,
      );
      expect(answer.body.removed).toMatchObject({
        deliveriesStopped: 0,
        deliveriesSentWhileErasing: 0,
      });
    } finally {
      await server.close();
    }
  });
});

describe('settled', () => {
  /** A delivery row as an erasure leaves a send it asked to stop, in the state given. */
  async function stoppingRow(
    server: Awaited<ReturnType<typeof startTestServer>>,
    status: string,
    leaseEnds: string,
    channel = 'mail',
  ): Promise<Erasure> {
    const row = await server.app.sql.one<{ id: number }>(
      `INSERT INTO deliveries (channel, kind, submission_id, recipient, payload, status, attempts,
        next_attempt_at, created_at, uuid, sending)
       VALUES (?, 'confirmation', NULL, '', '', ?, 1, ?, ?, ?, 1) RETURNING id`,
      channel,
      status,
      leaseEnds,
      new Date().toISOString(),
      '0190aaaa-0000-7000-8000-000000000001',
    );
    const record = await server.app.sql.one<{ id: number }>(
      `INSERT INTO erasures (at, requested_by, staff, removed) VALUES (?, 'contact', NULL, '{}')
       RETURNING id`,
      new Date().toISOString(),
    );
    const removed = {
      submissions: 1,
      savedSearches: 0,
      consents: 0,
      sessions: 0,
      keys: 0,
      keptAnswers: 0,
      deliveriesDropped: 0,
      deliveriesCleared: 0,
      deliveriesStopped: 0,
      deliveriesSentWhileErasing: 0,
    };
    return { removed, stopping: [Number(row!.id)], record: Number(record!.id) };
  }

  it('counts a send that got through before it stopped as sent, and keeps its row', async () => {
    const server = await startTestServer();
    try {
      await server.app.outbox.stop();
      const erasure = await stoppingRow(
        server,
        'sent',
        new Date(Date.now() + 60_000).toISOString(),
      );
      const removed = await settled(server.app.sql, erasure);
      expect(removed).toMatchObject({ deliveriesStopped: 0, deliveriesSentWhileErasing: 1 });
      const row = await server.app.sql.one<{ status: string }>(
        'SELECT status FROM deliveries WHERE id = ?',
        erasure.stopping[0]!,
      );
      expect(row).toEqual({ status: 'sent' });
      const record = await server.app.sql.one<{ removed: string }>(
        'SELECT removed FROM erasures WHERE id = ?',
        erasure.record,
      );
      expect(JSON.parse(record!.removed)).toMatchObject({ deliveriesSentWhileErasing: 1 });
    } finally {
      await server.close();
    }
  });

  it('counts a webhook call stopped before its receiver answered as one that may have left', async () => {
    const server = await startTestServer();
    try {
      await server.app.outbox.stop();
      const erasure = await stoppingRow(
        server,
        'stopped',
        new Date(Date.now() + 60_000).toISOString(),
        'webhook',
      );
      const removed = await settled(server.app.sql, erasure);
      expect(removed).toMatchObject({ deliveriesStopped: 0, deliveriesSentWhileErasing: 1 });
    } finally {
      await server.close();
    }
  });

  it('waits for a send still stopping and counts it stopped once its lease has run out', async () => {
    const server = await startTestServer();
    try {
      await server.app.outbox.stop();
      // Nobody ends it, as when the process sending it died; its lease runs out while the
      // erasure waits (the wait moves the lease's end into the past, as time passing would).
      const erasure = await stoppingRow(
        server,
        'stopping',
        new Date(Date.now() + 60_000).toISOString(),
      );
      const waits: number[] = [];
      const removed = await settled(server.app.sql, erasure, async (ms) => {
        waits.push(ms);
        if (waits.length === 3)
          await server.app.sql.run(
            'UPDATE deliveries SET next_attempt_at = ? WHERE id = ?',
            new Date(Date.now() - 1).toISOString(),
            erasure.stopping[0]!,
          );
      });
      expect(waits).toEqual([STOPPING_POLL_MS, STOPPING_POLL_MS, STOPPING_POLL_MS]);
      expect(removed).toMatchObject({ deliveriesStopped: 1, deliveriesSentWhileErasing: 0 });
      expect(
        await server.app.sql.one('SELECT id FROM deliveries WHERE id = ?', erasure.stopping[0]!),
      ).toBeFalsy();
    } finally {
      await server.close();
    }
  });
});
