/**
 * One field of a category (product 3.11). Numbers show their formatted value and switch to what was
 * typed on focus (product 4.6); the display after blur shows the visitor what was understood. A
 * focus that selected all of the value (Tab does) selects all of the typed text it switches
 * to, so what is typed next replaces it rather than being added to its end.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/language';
import { formatCurrency, formatDecimal, formatInt } from '../../i18n/format';
import { FieldError, Input, Label, Select } from '../../ui/primitives';
import { isNumeric, type FieldDefinition } from './definitions';
import { boundsOf, outOfBounds } from './bounds';
import { parseNumber } from './parse';

export function formatValue(
  value: number,
  type: FieldDefinition['type'],
  language: Language,
): string {
  if (type === 'currency') return formatCurrency(value, language);
  if (type === 'int') return formatInt(value, language);
  return formatDecimal(value, language);
}

export interface FieldInputProps {
  definition: FieldDefinition;
  label: string;
  text: string;
  language: Language;
  onChange(text: string): void;
}

export function FieldInput({ definition, label, text, language, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const selectAll = useRef(false);
  useLayoutEffect(() => {
    if (editing && selectAll.current) input.current?.select();
    selectAll.current = false;
  }, [editing]);
  const caption = definition.unit ? t('fields.withUnit', { label, unit: definition.unit }) : label;

  if (definition.type === 'select') {
    return (
      <Label>
        <span>{caption}</span>
        <Select value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('fields.choose')}</option>
          {definition.values.map((option) => (
            <option key={option.value} value={option.value}>
              {option.titleKey ? t(option.titleKey) : option.title}
            </option>
          ))}
        </Select>
      </Label>
    );
  }
  if (!isNumeric(definition.type)) {
    return (
      <Label>
        <span>{caption}</span>
        <Input value={text} maxLength={200} onChange={(e) => onChange(e.target.value)} />
      </Label>
    );
  }
  const value = text.trim() ? parseNumber(text, definition.type as 'number') : null;
  const refused = value === null ? null : outOfBounds(value, boundsOf(definition));
  const invalid = text.trim() !== '' && (value === null || refused !== null);
  const shown =
    editing || value === null || refused ? text : formatValue(value, definition.type, language);
  const message =
    value === null
      ? t('fields.notANumber')
      : refused
        ? t(refused.key, {
            min: formatValue(refused.min, definition.type, language),
            max: formatValue(refused.max, definition.type, language),
          })
        : '';
  return (
    <div>
      <Label>
        <span>{caption}</span>
        <Input
          inputMode={definition.type === 'int' ? 'numeric' : 'decimal'}
          value={shown}
          maxLength={40}
          ref={input}
          onFocus={(event) => {
            const { value: before, selectionStart, selectionEnd } = event.currentTarget;
            selectAll.current =
              before !== '' && selectionStart === 0 && selectionEnd === before.length;
            setEditing(true);
          }}
          onBlur={() => setEditing(false)}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!editing && invalid ? true : undefined}
          aria-describedby={!editing && invalid ? `${id}-error` : undefined}
        />
      </Label>
      {!editing && invalid && <FieldError id={`${id}-error`}>{message}</FieldError>}
    </div>
  );
}
