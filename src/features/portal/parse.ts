/**
 * The portal's backend answers, typed by the contract but read as untrusted input (product
 * 7.2): what lacks its shape is left out, never passed on.
 */
import { EMPTY_CONTACT, type ContactValues } from '../../parts/contactForm/model';
import type { SavedSearch } from '../savedSearchWizard';
import type { InquiryItem } from './slice';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/** A text field of an answer, or null when the answer has none. */
export const textOf = (answer: unknown, key: string): string | null =>
  isRecord(answer) && isText(answer[key]) ? answer[key] : null;

/** The user a login answer names when it logged in (its e-mail empty when it names none). */
export const loggedInUser = (answer: unknown): { email: string } | null =>
  isRecord(answer) && answer.login === true && isRecord(answer.user)
    ? { email: textOf(answer.user, 'email') ?? '' }
    : null;

/**
 * The contact as the backend stores it: an object with its e-mail. Consents it does not name
 * (the contract lets it leave them out) are not given.
 */
export function parseContact(body: unknown): (ContactValues & { email: string }) | null {
  if (!isRecord(body) || !isText(body.email)) return null;
  const customFields = {
    ...EMPTY_CONTACT.customFields,
    ...(isRecord(body.customFields) ? body.customFields : {}),
  };
  return { ...(body as unknown as ContactValues & { email: string }), customFields };
}

export function parseSavedSearches(body: unknown): SavedSearch[] | null {
  if (!Array.isArray(body)) return null;
  return body.filter(
    (item): item is SavedSearch =>
      isRecord(item) &&
      isText(item.uuid) &&
      typeof item.active === 'boolean' &&
      (item.objectType === 'LIVING' || item.objectType === 'COMMERCIAL') &&
      (item.marketingType === 'buy' || item.marketingType === 'rent') &&
      typeof item.categoryId === 'number' &&
      Array.isArray(item.locations) &&
      item.locations.every((l) => isRecord(l) && typeof l.locationId === 'number') &&
      Array.isArray(item.fields) &&
      item.fields.every((f) => isRecord(f) && isText(f.name)),
  );
}

export function parseInquiries(body: unknown): InquiryItem[] | null {
  if (!Array.isArray(body)) return null;
  return body.filter(
    (item): item is InquiryItem =>
      isRecord(item) &&
      isText(item.uuid) &&
      isText(item.title) &&
      isText(item.image) &&
      isText(item.zip) &&
      isText(item.city) &&
      isText(item.category) &&
      isText(item.link) &&
      isRecord(item.price) &&
      isText(item.price.title) &&
      isText(item.price.text),
  );
}

/** A link or image from the backend: http(s), or a path on the widget's own origin; else null. */
export function safeUrl(value: string, origin: string): string | null {
  try {
    const url = new URL(value, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
