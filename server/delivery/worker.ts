/**
 * The delivery worker: it sends the outbox's due deliveries, each channel (mail, webhook) in a
 * lane of its own, so neither ever waits on the other.
 *
 * - A lane keeps up to its channel's number of sends under way and claims the next due delivery
 *   as soon as one ends: a slow send holds its own slot, never a batch.
 * - A claim is a lease: the delivery's next try moves LEASE_MS into the future, and the lease is
 *   renewed every RENEW_MS while the send runs, so no process (this one or another on the same
 *   PostgreSQL) claims it again however long the send takes. A send whose lease could not be
 *   renewed in time, or was taken, is abandoned rather than sent twice.
 * - An ordered channel (webhooks) delivers one submission's events in the order they were
 *   written: a later one is not claimed while an earlier one of its submission is pending, also
 *   between its tries and across processes (the check is part of the claim's query).
 * - An erasure asks the sends under way that carry its contact to stop (their row turns
 *   'stopping'): each send looks every STOP_CHECK_MS, is aborted, and marks itself 'stopped',
 *   or 'sent' when it had got through; the erasure waits for that.
 * - A failed try is tried again after an exponential backoff with jitter, for three days; a
 *   refusal for good (PermanentFailure) is marked failed at once. A failed delivery keeps its
 *   last error for the inbox: its text for the operator, its code (failure.ts) for the log.
 */
import type { Sql } from '../db/sql';
import { DeliveryFailure, PermanentFailure, reasonOf } from './failure';

/** A claimed delivery, as a channel sends it. */
export interface Claimed {
  id: number;
  /** A UUIDv7: the delivery's id outside this database (webhook-id, Message-ID). */
  uuid: string;
  kind: string;
  recipient: string;
  payload: string;
  createdAt: string;
  /** Tries so far, this one included: the lease's token. */
  attempts: number;
}

export interface Channel {
  name: 'mail' | 'webhook';
  /** Sends under way at once, at most. */
  concurrency: number;
  /** Whether one submission's deliveries of this channel go out in the order written. */
  ordered: boolean;
  /** Sends one delivery; `signal` aborts it (its lease is lost). */
  send(delivery: Claimed, signal: AbortSignal): Promise<void>;
}

/** Tries go on for three days after the event. */
export const RETRY_FOR_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;
/** How often a lane looks for due deliveries when nothing nudges it. */
export const POLL_MS = 5_000;
/** How long a claim holds a delivery; renewed every RENEW_MS while it is being sent. */
export const LEASE_MS = 60_000;
export const RENEW_MS = LEASE_MS / 4;
/**
 * How often a send under way looks whether an erasure asked it to stop (its row 'stopping',
 * server/agency/erasure.ts); the erasure waits for it.
 */
export const STOP_CHECK_MS = 250;
/** The longest error text kept with a delivery. */
export const MAX_ERROR_CHARS = 2_500;

/** The wait before try `attempt + 1`: 30 s doubling to at most 6 h, less up to half at random. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS);
  return Math.round(full * (1 - random() / 2));
}

const iso = (ms: number) => new Date(ms).toISOString();
/** An error's message, and its cause's ('fetch failed: connect ECONNREFUSED 127.0.0.1:80'). */
export const errorText = (error: unknown) => {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: unknown };
  const own = typeof message === 'string' ? message : String(error);
  const { message: why } = (cause ?? {}) as { message?: unknown };
  return (typeof why === 'string' && why ? `${own}: ${why}` : own).slice(0, MAX_ERROR_CHARS);
};

/** An ordered channel: nothing of a submission while an earlier one of it is pending. */
const NOTHING_EARLIER = `AND NOT EXISTS (SELECT 1 FROM deliveries e
  WHERE e.submission_id = d.submission_id AND e.channel = d.channel AND e.status = 'pending'
    AND e.id < d.id)`;

const Q = {
  renew: `UPDATE deliveries SET next_attempt_at = ?
    WHERE id = ? AND status = 'pending' AND attempts = ?`,
  // A send an erasure asked to stop that got through anyway is sent: the erasure says so.
  sent: `UPDATE deliveries SET status = 'sent', sent_at = ?, sending = 0, last_error = NULL,
    last_error_code = NULL
    WHERE id = ? AND status IN ('pending', 'stopping')`,
  failedTry: `UPDATE deliveries SET next_attempt_at = ?, last_error = ?, last_error_code = ?,
    sending = 0
    WHERE id = ? AND status = 'pending' AND attempts = ?`,
  givenUp: `UPDATE deliveries SET status = 'failed', last_error = ?, last_error_code = ?,
    sending = 0
    WHERE id = ? AND status = 'pending' AND attempts = ?`,
  stopAsked: `SELECT 1 AS yes FROM deliveries WHERE id = ? AND status = 'stopping'`,
  stopped: `UPDATE deliveries SET status = 'stopped', sending = 0
    WHERE id = ? AND status = 'stopping'`,
};

/** Runs `task` every `ms` until the function it returns is called. */
export type Repeat = (ms: number, task: () => Promise<void>) => () => void;

export const repeatWithTimers: Repeat = (ms, task) => {
  const timer = setInterval(() => void task(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

export interface WorkerOptions {
  now: () => number;
  random: () => number;
  log: (message: string, detail?: unknown) => void;
  repeat?: Repeat;
}

export function createWorker(sql: Sql, channels: Channel[], options: WorkerOptions) {
  const { now, random, log } = options;
  const repeat = options.repeat ?? repeatWithTimers;
  let started = false;
  /** runDue calls under way: lanes claim while one runs, also with the worker stopped. */
  let draining = 0;
  let stopPolling: (() => void) | null = null;
  const active = () => started || draining > 0;

  /**
   * The claim of a channel's due deliveries, one statement: each gets a lease (its next try
   * moves LEASE_MS ahead) and one more attempt. On PostgreSQL, rows another process is claiming
   * at the same moment are skipped.
   */
  function claimText(channel: Channel) {
    const due = `SELECT id FROM deliveries d
      WHERE status = 'pending' AND channel = ? AND next_attempt_at <= ?
      ${channel.ordered ? NOTHING_EARLIER : ''}
      ORDER BY next_attempt_at LIMIT ?${sql.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''}`;
    return `UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, sending = 1
      WHERE id IN (${due})
      RETURNING id, uuid, kind, recipient, payload, attempts, created_at`;
  }

  /** Claims up to `limit` due deliveries of `channel`. */
  async function claim(channel: Channel, text: string, limit: number): Promise<Claimed[]> {
    const at = now();
    const rows = await sql.all(text, iso(at + LEASE_MS), channel.name, iso(at), limit);
    return rows.map((row) => ({
      id: row.id as number,
      uuid: row.uuid as string,
      kind: row.kind as string,
      recipient: row.recipient as string,
      payload: row.payload as string,
      createdAt: row.created_at as string,
      attempts: row.attempts as number,
    }));
  }

  /** One try of one claimed delivery, its lease renewed while it runs; records its outcome. */
  async function attempt(channel: Channel, delivery: Claimed) {
    const { id, attempts } = delivery;
    const abandon = new AbortController();
    let leaseUntil = now() + LEASE_MS;
    const stopRenewing = repeat(RENEW_MS, async () => {
      const at = now();
      try {
        if ((await sql.run(Q.renew, iso(at + LEASE_MS), id, attempts)) === 1)
          leaseUntil = at + LEASE_MS;
        else
          abandon.abort(
            new DeliveryFailure('another worker took over this delivery', { code: 'lease_lost' }),
          );
      } catch (error) {
        // The database cannot be reached: the send ends before its lease could run out.
        if (now() + RENEW_MS >= leaseUntil)
          abandon.abort(
            new DeliveryFailure(`the lease could not be renewed: ${errorText(error)}`, {
              code: 'lease_lost',
            }),
          );
      }
    });
    // An erasure of the contact it carries stops it (the row turns 'stopping').
    const stopWatching = repeat(STOP_CHECK_MS, async () => {
      try {
        if (await sql.one(Q.stopAsked, id))
          abandon.abort(new DeliveryFailure('its contact was erased', { code: 'lease_lost' }));
      } catch {
        // The database cannot be reached: the lease's renewal decides.
      }
    });
    const stopTimers = () => {
      stopRenewing();
      stopWatching();
    };
    try {
      await channel.send(delivery, abandon.signal);
      stopTimers();
      await sql.run(Q.sent, iso(now()), id);
    } catch (error) {
      stopTimers();
      // Stopped for an erasure, or failed while one waited: it did not leave.
      if ((await sql.run(Q.stopped, id)) === 1) {
        log('delivery stopped: its contact was erased', { id, channel: channel.name });
        return;
      }
      const message = errorText(error);
      const reason = JSON.stringify(reasonOf(error));
      const detail = { id, channel: channel.name, error: message };
      if (error instanceof PermanentFailure) {
        await sql.run(Q.givenUp, message, reason, id, attempts);
        log('delivery refused for good', detail);
      } else if (now() - Date.parse(delivery.createdAt) >= RETRY_FOR_MS) {
        await sql.run(Q.givenUp, message, reason, id, attempts);
        log('delivery failed for good', detail);
      } else {
        const next = iso(now() + backoffMs(attempts, random));
        await sql.run(Q.failedTry, next, message, reason, id, attempts);
        log('delivery failed, tried again later', detail);
      }
    }
  }

  function lane(channel: Channel) {
    const text = claimText(channel);
    let inFlight = 0;
    let claiming = false;
    let again = false;
    /** The last claim found fewer due deliveries than it asked for. */
    let exhausted = false;
    let claimError: unknown = null;
    let tries = 0;
    let waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
    const settledWaiters: (() => void)[] = [];

    function settle() {
      if (claiming) return;
      if (inFlight === 0) settledWaiters.splice(0).forEach((done) => done());
      if (inFlight > 0 || !exhausted) return;
      const ready = waiters;
      waiters = [];
      for (const waiter of ready) {
        if (claimError) waiter.reject(claimError);
        else waiter.resolve();
      }
    }

    function pump() {
      if (!active()) return settle();
      if (claiming) {
        again = true;
        return;
      }
      const free = channel.concurrency - inFlight;
      // Full: a send that ends pumps again.
      if (free <= 0) return;
      claiming = true;
      again = false;
      claim(channel, text, free).then(
        (claimed) => {
          claimError = null;
          exhausted = claimed.length < free;
          for (const delivery of claimed) {
            inFlight += 1;
            tries += 1;
            void attempt(channel, delivery)
              .catch((error: unknown) => log('delivery worker failed', errorText(error)))
              .finally(() => {
                inFlight -= 1;
                pump();
              });
          }
          claiming = false;
          if (again) pump();
          else settle();
        },
        (error: unknown) => {
          log('delivery worker failed', errorText(error));
          claimError = error;
          exhausted = true;
          claiming = false;
          settle();
        },
      );
    }

    return {
      pump,
      /** Sends what is due until nothing is; resolves with the number of tries it saw. */
      drain(): Promise<number> {
        const before = tries;
        return new Promise<number>((resolve, reject) => {
          waiters.push({ resolve: () => resolve(tries - before), reject });
          // A claim under way may have started before what the caller wrote: claim once more.
          exhausted = false;
          pump();
        });
      },
      /** Resolves once no send of this lane is under way. */
      settled(): Promise<void> {
        if (inFlight === 0 && !claiming) return Promise.resolve();
        return new Promise((done) => settledWaiters.push(done));
      },
    };
  }

  const lanes = new Map(channels.map((channel) => [channel.name, lane(channel)]));
  /** Claims what is due now in the lanes of `names` (all by default). */
  const wake = (names: Channel['name'][] = [...lanes.keys()]) =>
    names.forEach((name) => lanes.get(name)?.pump());

  return {
    /**
     * Claims what is due now and as it comes due: every POLL_MS in the lanes of `names` (the
     * channels in use; all by default), and in any lane when woken.
     */
    start(names: Channel['name'][] = [...lanes.keys()]) {
      started = true;
      if (names.length) stopPolling ??= repeat(POLL_MS, async () => wake(names));
      wake(names);
    },
    /** Stops claiming and waits for the sends under way. */
    async stop() {
      started = false;
      stopPolling?.();
      stopPolling = null;
      await Promise.all([...lanes.values()].map((l) => l.settled()));
    },
    wake,
    /**
     * Sends what is due now, in every lane, until nothing more is due (a delivery that waited for
     * an earlier one is sent after it); resolves with the number of tries.
     */
    async runDue(): Promise<number> {
      draining += 1;
      try {
        const counts = await Promise.all([...lanes.values()].map((l) => l.drain()));
        return counts.reduce((sum, n) => sum + n, 0);
      } finally {
        draining -= 1;
      }
    },
  };
}
