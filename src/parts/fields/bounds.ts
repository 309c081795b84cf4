/**
 * Sensible bounds per field type, unless the backend's definition gives its own (min, max):
 * amounts and areas above 0, rooms 0.5 to 100, a year of construction from 1500 to next year.
 * A figure outside is refused with a message on its field and is not sent.
 */
import type { MessageKey } from '../../i18n';
import type { FieldDefinition } from './definitions';

export interface Bounds {
  min: number;
  max: number;
  /** The lower end itself is not allowed (amounts and areas: more than 0). */
  minExclusive: boolean;
}

export function boundsOf(
  definition: Pick<FieldDefinition, 'type' | 'min' | 'max'>,
  now = new Date(),
): Bounds | null {
  const fallback: Bounds | null =
    definition.type === 'currency'
      ? { min: 0, max: 10_000_000_000, minExclusive: true }
      : definition.type === 'number'
        ? { min: 0, max: 10_000_000, minExclusive: true }
        : definition.type === 'decimal'
          ? { min: 0.5, max: 100, minExclusive: false }
          : definition.type === 'int'
            ? { min: 1500, max: now.getFullYear() + 1, minExclusive: false }
            : null;
  if (!fallback) return null;
  return {
    min: definition.min ?? fallback.min,
    max: definition.max ?? fallback.max,
    minExclusive:
      definition.min === null || definition.min === undefined ? fallback.minExclusive : false,
  };
}

/** Why a figure is refused (a message key and its limits), or null when it is fine. */
export function outOfBounds(
  value: number,
  bounds: Bounds | null,
): { key: MessageKey; min: number; max: number } | null {
  if (!bounds) return null;
  const tooLow = bounds.minExclusive ? value <= bounds.min : value < bounds.min;
  if (!tooLow && value <= bounds.max) return null;
  return {
    key: bounds.minExclusive && tooLow ? 'fields.mustBePositive' : 'fields.outOfRange',
    min: bounds.min,
    max: bounds.max,
  };
}
