/**
 * Wizard drafts kept across a reload (session storage). A stored draft is untrusted input:
 * it is validated by the wizard's yup schema, and one that does not pass is dropped whole.
 * This module (and yup with it) loads only when there is a draft to revive.
 */
import * as yup from 'yup';
import { OPEN } from './submission';

/** The fields every wizard's draft has: where the visitor stood and their submission. */
export const draftStepFields = {
  step: yup.number().integer().required(),
  maxStep: yup.number().integer().required(),
  // A send in flight did not finish: a draft comes back open.
  status: yup.string().oneOf(OPEN).required(),
  submissionKey: yup
    .string()
    .matches(/^[\w-]{8,100}$/)
    .required(),
  startedAt: yup.number().required(),
};

/** A record of the visitor's inputs by id, each a string of at most `max` characters. */
export const stringRecord = (max: number) =>
  yup
    .mixed<Record<string, string>>()
    .test(
      'string-record',
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => typeof v === 'string' && v.length <= max),
    )
    .required();

/** What a draft's schema must do (a yup object schema does). */
export interface DraftSchema {
  validateSync(value: unknown, options: { stripUnknown: boolean; abortEarly: boolean }): unknown;
}

/** The draft as its schema casts it, or null when it does not pass. */
export function reviveDraft(schema: DraftSchema, raw: unknown): unknown {
  try {
    return schema.validateSync(raw, { stripUnknown: true, abortEarly: true });
  } catch {
    return null;
  }
}
