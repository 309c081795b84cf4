/**
 * Field value records (product 3.3): what a wizard sends of its fields. RAW for text and select,
 * NUMBER for a single figure, RANGE for a min/max pair (the saved search's price and year
 * built); the saved search's other figures are minimums only (NUMBER with minValue).
 */
import { isNumeric, type FieldDefinition } from './definitions';
import { boundsOf, outOfBounds } from './bounds';
import { parseNumber } from './parse';

export type FieldValueRecord =
  | { name: string; valueType: 'RAW'; value: string }
  | { name: string; valueType: 'NUMBER'; value: number }
  | { name: string; valueType: 'NUMBER'; minValue: number }
  | { name: string; valueType: 'RANGE'; minValue: number | null; maxValue: number | null };

/** What the visitor typed for one field: one text, or the two ends of a range. */
export type FieldInputs = Record<string, string>;

/** The key under which a range's lower or upper end is typed. */
export const rangeKey = (id: string, end: 'min' | 'max') => `${id}:${end}`;

type NumericType = 'currency' | 'int' | 'number' | 'decimal';

/** The figure typed, or null when there is none, it is unreadable or outside its bounds. */
function numberOf(definition: FieldDefinition, text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  const value = trimmed ? parseNumber(trimmed, definition.type as NumericType) : null;
  return value !== null && !outOfBounds(value, boundsOf(definition)) ? value : null;
}

/** One value per field, as the lead wizard asks for it. Empty and unreadable inputs are left out. */
export function valueRecords(
  definitions: readonly FieldDefinition[],
  inputs: FieldInputs,
): FieldValueRecord[] {
  const records: FieldValueRecord[] = [];
  for (const definition of definitions) {
    const text = (inputs[definition.id] ?? '').trim();
    if (!text) continue;
    if (isNumeric(definition.type)) {
      const value = numberOf(definition, text);
      if (value !== null) records.push({ name: definition.id, valueType: 'NUMBER', value });
    } else {
      records.push({ name: definition.id, valueType: 'RAW', value: text });
    }
  }
  return records;
}

/**
 * Search criteria, as the saved search asks for them: a RANGE for the ids in `ranges`, a
 * minimum for other figures, the chosen value for the rest.
 */
export function criteriaRecords(
  definitions: readonly FieldDefinition[],
  inputs: FieldInputs,
  ranges: readonly string[],
): FieldValueRecord[] {
  const records: FieldValueRecord[] = [];
  for (const definition of definitions) {
    const { id } = definition;
    if (isNumeric(definition.type) && ranges.includes(id)) {
      const minValue = numberOf(definition, inputs[rangeKey(id, 'min')]);
      const maxValue = numberOf(definition, inputs[rangeKey(id, 'max')]);
      if (minValue !== null || maxValue !== null)
        records.push({ name: id, valueType: 'RANGE', minValue, maxValue });
    } else if (isNumeric(definition.type)) {
      const minValue = numberOf(definition, inputs[id]);
      if (minValue !== null) records.push({ name: id, valueType: 'NUMBER', minValue });
    } else {
      const text = (inputs[id] ?? '').trim();
      if (text) records.push({ name: id, valueType: 'RAW', value: text });
    }
  }
  return records;
}

/** A record as the backend stores it (product 3.3): what criteriaRecords() sends, read back. */
export interface StoredRecord {
  name: string;
  valueType: 'RANGE' | 'RAW' | 'NUMBER';
  value?: string | number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

/** The inputs that give these records again (a saved search opened for editing). */
export function inputsFromRecords(records: readonly StoredRecord[]): FieldInputs {
  const inputs: FieldInputs = {};
  const text = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  for (const record of records) {
    if (record.valueType === 'RANGE') {
      inputs[rangeKey(record.name, 'min')] = text(record.minValue);
      inputs[rangeKey(record.name, 'max')] = text(record.maxValue);
    } else if (record.valueType === 'NUMBER') {
      inputs[record.name] = text(record.minValue ?? record.value);
    } else if (typeof record.value === 'string') {
      inputs[record.name] = record.value.slice(0, 200);
    }
  }
  return inputs;
}
