/**
 * @jest-environment node
 *
 * When PostgreSQL's erased tables are written anew (decision 217): the quiet hour is read in
 * Berlin's time, summer and winter, also across midnight; ERASURE_SCRUB_AT takes a time or
 * 'erasure' and the server refuses anything else at start. On SQLite an erasure's TRUNCATE
 * checkpoint is tried again while another checkpoint holds the log.
 */
import { configFromEnv } from '../config';
import { buildServer } from '../app';
import type { Sql } from './sql';
import {
  createScrubber,
  inScrubWindow,
  SCRUB_WINDOW_MINUTES,
  TRUNCATE_PAUSE_MS,
  TRUNCATE_TRIES,
} from './scrub';

describe('the quiet hour', () => {
  const three = { hour: 3, minute: 0 };

  it("starts at the time on Berlin's clock, in winter (UTC+1) and summer (UTC+2)", () => {
    expect(inScrubWindow(three, '2026-01-15T02:00:00.000Z')).toBe(true);
    expect(inScrubWindow(three, '2026-01-15T01:59:00.000Z')).toBe(false);
    expect(inScrubWindow(three, '2026-07-15T01:00:00.000Z')).toBe(true);
    expect(inScrubWindow(three, '2026-07-15T02:00:00.000Z')).toBe(false);
    expect(inScrubWindow(three, '2026-07-15T00:59:00.000Z')).toBe(false);
  });

  it(`lasts ${SCRUB_WINDOW_MINUTES} minutes, also across midnight`, () => {
    expect(inScrubWindow(three, '2026-01-15T02:59:00.000Z')).toBe(true);
    expect(inScrubWindow(three, '2026-01-15T03:00:00.000Z')).toBe(false);
    const late = { hour: 23, minute: 30 };
    expect(inScrubWindow(late, '2026-01-15T22:30:00.000Z')).toBe(true);
    expect(inScrubWindow(late, '2026-01-15T23:15:00.000Z')).toBe(true);
    expect(inScrubWindow(late, '2026-01-15T23:30:00.000Z')).toBe(false);
    expect(inScrubWindow(late, '2026-01-15T13:00:00.000Z')).toBe(false);
  });
});

describe('ERASURE_SCRUB_AT', () => {
  it('is a time, 03:00 unless set, or erasure', () => {
    expect(configFromEnv({}).erasureScrubAt).toEqual({ hour: 3, minute: 0 });
    expect(configFromEnv({ ERASURE_SCRUB_AT: '22:45' }).erasureScrubAt).toEqual({
      hour: 22,
      minute: 45,
    });
    expect(configFromEnv({ ERASURE_SCRUB_AT: 'erasure' }).erasureScrubAt).toBe('erasure');
  });

  it.each(['3:00', '24:00', 'nightly', '03:00 '])(
    'refuses %j at start, naming it',
    async (value) => {
      const refused = await buildServer(
        configFromEnv({ ERASURE_SCRUB_AT: value, DATA_DIR: '/nonexistent-immosuite', LOG: '0' }),
      ).then(
        async (app) => {
          await app.close();
          return null;
        },
        (error: Error) => error,
      );
      expect(refused?.message).toMatch(/ERASURE_SCRUB_AT must be a time HH:MM/);
    },
  );
});

describe("SQLite's checkpoint after an erasure", () => {
  /** A database whose checkpoint answers busy `busyTimes` times, as while the worker's runs. */
  function database(busyTimes: number) {
    let calls = 0;
    const db = {
      memory: false,
      open: true,
      pragma: jest.fn((text: string) => {
        expect(text).toBe('wal_checkpoint(TRUNCATE)');
        calls += 1;
        return [{ busy: calls <= busyTimes ? 1 : 0, log: 0, checkpointed: 0 }];
      }),
    };
    return { sql: { dialect: 'sqlite', db } as unknown as Sql, db };
  }

  afterEach(() => jest.useRealTimers());

  it('is tried again after a pause while another checkpoint holds the log, and then truncates', async () => {
    jest.useFakeTimers();
    const { sql, db } = database(3);
    const log = jest.fn();
    const done = createScrubber(sql, log).afterErasure(['contacts']);
    await jest.advanceTimersByTimeAsync(3 * TRUNCATE_PAUSE_MS);
    await done;
    expect(db.pragma).toHaveBeenCalledTimes(4);
    expect(log).not.toHaveBeenCalled();
  });

  it('says so in the log when the log stays held through every try', async () => {
    jest.useFakeTimers();
    const { sql, db } = database(Infinity);
    const log = jest.fn();
    const done = createScrubber(sql, log).afterErasure(['contacts']);
    await jest.advanceTimersByTimeAsync(TRUNCATE_TRIES * TRUNCATE_PAUSE_MS);
    await done;
    expect(db.pragma).toHaveBeenCalledTimes(TRUNCATE_TRIES);
    expect(log).toHaveBeenCalledWith('the WAL could not be truncated after an erasure');
  });
});
