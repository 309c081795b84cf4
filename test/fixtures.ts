/** Backend answers for widget tests, taken from the reference backend's own seed data. */
import { fieldIdsFor } from '../contract/catalog';
import { FIELD_DEFINITIONS } from '../server/data/fieldDefinitions';

/** What POST /v1/wizard/fields answers for a category's field ids. */
export function fieldsAnswer(categoryId: number): Record<string, unknown> {
  return Object.fromEntries(fieldIdsFor(categoryId).map((id) => [id, FIELD_DEFINITIONS[id]]));
}
