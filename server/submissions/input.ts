/**
 * What a wizard's input must be beyond its schema (product §5; the schema itself is the
 * contract's, checked by route()): both consents, a category that fits its object and
 * marketing type, and only the fields of that category, each with a bounded `data`.
 */
import { categoryById, fieldIdsFor } from '../../contract/catalog';
import type { ContactInput, FieldValue } from '../http/context';
import { ApiError } from '../http/errors';

/** The most a field's free-form `data` may hold, as JSON. */
export const MAX_FIELD_DATA = 2000;

export function requireConsent(contact: ContactInput) {
  if (contact.customFields?.dataPrivacy !== true || contact.customFields?.acceptContact !== true) {
    throw new ApiError(400, 'consent_required', 'consentRequired');
  }
}

export function checkCategory(input: {
  objectType: string;
  categoryId: number;
  marketingType: string;
}) {
  const category = categoryById(input.categoryId);
  if (
    !category ||
    (category.objectType !== null && category.objectType !== input.objectType) ||
    (category.marketingType !== null && category.marketingType !== input.marketingType)
  ) {
    throw new ApiError(400, 'category_mismatch', 'categoryMismatch');
  }
}

export function checkFields(categoryId: number, fields: FieldValue[]) {
  const allowed = new Set(fieldIdsFor(categoryId));
  const unknown = fields.filter((f) => !allowed.has(f.name)).map((f) => f.name);
  if (unknown.length) throw new ApiError(400, 'unknown_field', 'unknownField', { fields: unknown });
  const large = fields
    .filter((f) => f.data !== undefined && JSON.stringify(f.data).length > MAX_FIELD_DATA)
    .map((f) => f.name);
  if (large.length) throw new ApiError(400, 'rest_invalid_param', 'invalidParam', { data: large });
}
