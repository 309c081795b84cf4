/**
 * @jest-environment node
 *
 * When PostgreSQL's erased tables are written anew (decision 217): the quiet hour is read in
 * Berlin's time, summer and winter, also across midnight; ERASURE_SCRUB_AT takes a time or
 * 'erasure' and the server refuses anything else at start.
 */
import { configFromEnv } from '../config';
import { buildServer } from '../app';
import { inScrubWindow, SCRUB_WINDOW_MINUTES } from './scrub';

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
