/**
 * The per-action payload rules of a QA log's redaction (decision 17): each slice registers
 * how to hide the typed text of its own actions. Slices import only this small module; the
 * redaction itself (redaction.ts) loads with the log export.
 */

export type Placeholder = (value: string) => string;
/** Rewrites one action type's payload, hiding what has no personal key. */
export type PayloadRule = (payload: unknown, placeholder: Placeholder) => unknown;

const rules = new Map<string, PayloadRule>();

/** Registers the payload rules of a slice's actions (called by the slice's module). */
export function redactPayloads(table: Record<string, PayloadRule>) {
  for (const [type, rule] of Object.entries(table)) rules.set(type, rule);
}

/** The rule registered for an action type, if any. */
export const payloadRule = (type: string): PayloadRule | undefined => rules.get(type);

/** A payload that is itself typed text. */
export const textPayload: PayloadRule = (payload, placeholder) =>
  typeof payload === 'string' ? placeholder(payload) : payload;

/** A payload object some of whose keys hold typed text. */
export const textKeys =
  (...keys: string[]): PayloadRule =>
  (payload, placeholder) => {
    if (typeof payload !== 'object' || payload === null) return payload;
    const out: Record<string, unknown> = { ...payload };
    for (const key of keys)
      if (typeof out[key] === 'string') out[key] = placeholder(out[key] as string);
    return out;
  };
