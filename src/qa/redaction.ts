/**
 * What a QA action log hides by default (decision 17). Two layers: every value under a
 * personal key (contact fields, address parts, secrets) wherever it stands, and, per action
 * type, payloads whose personal data has no such key (typed search text, an address line, a
 * manual address entry). Each slice registers the rules for its own actions (payloadRules.ts,
 * which is all a slice carries of this), so this module knows no feature. Placeholders are
 * stable within one export (the same value gives the same placeholder, salted per export), so
 * equal values stay equal for a replay.
 */

import { payloadRule, type Placeholder } from './payloadRules';

/** Keys whose values identify a person or are secrets, wherever they appear. */
const PERSONAL_KEYS = new Set([
  'salutation',
  'firstname',
  'lastname',
  'email',
  'phone',
  'street',
  'number',
  'zip',
  'city',
  'district',
  'company',
  'message',
  'website',
  'nonce',
  'authenticationToken',
  'k',
  'idempotencyKey',
]);
/** Keys whose values are secrets: hidden from a log's config header even when not redacting. */
const SECRET_KEYS = new Set(['nonce', 'authenticationToken', 'k', 'idempotencyKey']);

/** The value with every secret replaced by '[secret]' (the log header's init config). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEYS.has(key) && inner !== null && inner !== '' ? '[secret]' : withoutSecrets(inner),
    ]),
  );
}

/** Objects whose every value is personal (the contact record and the session's user). */
const PERSONAL_OBJECTS = new Set(['contact', 'user']);

/** FNV-1a, enough to tell values apart in a log; the salt keeps short values from being looked up. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export function makePlaceholder(salt: string): Placeholder {
  return (value) => (value === '' ? '' : `redacted-${hash(`${salt}:${value}`)}`);
}

function byKey(value: unknown, placeholder: Placeholder, inPersonal = false): unknown {
  if (Array.isArray(value)) return value.map((item) => byKey(item, placeholder, inPersonal));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const personal = inPersonal || PERSONAL_OBJECTS.has(key);
      if (PERSONAL_KEYS.has(key) || (personal && typeof inner !== 'object')) {
        out[key] =
          inner === null || inner === undefined || typeof inner === 'boolean'
            ? inner
            : placeholder(String(inner));
      } else {
        out[key] = byKey(inner, placeholder, personal);
      }
    }
    return out;
  }
  return value;
}

/** A value (e.g. a state) with every value under a personal key replaced. */
export const redactValue = (value: unknown, placeholder: Placeholder): unknown =>
  byKey(value, placeholder);

/** The action as a redacted log keeps it. */
export function redactAction<A extends { type: string; payload?: unknown }>(
  action: A,
  placeholder: Placeholder,
): A {
  const rule = payloadRule(action.type);
  const payload = rule && 'payload' in action ? rule(action.payload, placeholder) : action.payload;
  return byKey({ ...action, ...('payload' in action ? { payload } : {}) }, placeholder) as A;
}
