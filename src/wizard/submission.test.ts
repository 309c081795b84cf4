import { matrix } from '../../test/tables';
import {
  newSubmissionKey,
  SUBMISSION_TABLE,
  SUBMIT_STATUSES,
  submissionTransition,
} from './submission';

describe('newSubmissionKey', () => {
  it('is a valid Idempotency-Key that sorts by the time it was made', () => {
    const times = [0, 1, 35, 36, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000];
    const keys = times.map((at) => newSubmissionKey(at));
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{30}$/);
    // Sorted as text, the keys come in the order of their times.
    expect([...keys].sort()).toEqual(keys);
  });

  it('differs between two submissions begun in the same millisecond', () => {
    const at = 1_764_000_000_000;
    const keys = new Set(Array.from({ length: 1000 }, () => newSubmissionKey(at)));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key.slice(0, 9)).toBe(at.toString(36).padStart(9, '0'));
  });
});

describe('the submission of a one-step page, as a table', () => {
  it('sends whenever open, and only a send in flight succeeds or fails', () => {
    expect(
      matrix(SUBMISSION_TABLE, SUBMIT_STATUSES, ['SUBMIT', 'SUCCEEDED', 'FAILED', 'INVALID']),
    ).toEqual({
      editing: { SUBMIT: 'loading', SUCCEEDED: null, FAILED: null, INVALID: 'userError' },
      loading: { SUBMIT: null, SUCCEEDED: 'sent', FAILED: 'error', INVALID: null },
      sent: { SUBMIT: null, SUCCEEDED: null, FAILED: null, INVALID: null },
      error: { SUBMIT: 'loading', SUCCEEDED: null, FAILED: null, INVALID: 'userError' },
      userError: { SUBMIT: 'loading', SUCCEEDED: null, FAILED: null, INVALID: 'userError' },
    });
    expect(submissionTransition('error', { type: 'SUBMIT' })).toBe('loading');
    expect(submissionTransition('sent', { type: 'SUBMIT' })).toBeNull();
  });
});
