import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { createI18n } from '../../i18n';
import { BUNDLED } from '../../i18n/bundled';
import { DEFAULT_THEME, makeTheme } from '../../ui/theme';
import type { FieldDefinition } from './definitions';
import { FieldInput } from './FieldInput';

const PRICE = { id: 'price.price', type: 'currency', label: 'Preis' } as unknown as FieldDefinition;

function Field({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  return (
    <FieldInput definition={PRICE} label="Preis" text={text} language="de" onChange={setText} />
  );
}

function renderField(initial: string) {
  render(
    <I18nextProvider i18n={createI18n('de', BUNDLED)}>
      <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
        <Field initial={initial} />
      </ThemeProvider>
    </I18nextProvider>,
  );
  return screen.getByRole('textbox', { name: 'Preis' }) as HTMLInputElement;
}

describe('a number field', () => {
  it('replaces its value with what is typed after a focus that selected all of it (Tab)', async () => {
    const user = userEvent.setup({ delay: null });
    const input = renderField('451.000');
    expect(input).toHaveValue('451.000\u00a0€');
    // As Tab does: the whole formatted value selected, then the focus.
    input.setSelectionRange(0, input.value.length);
    act(() => input.focus());
    expect(input).toHaveValue('451.000');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 7]);
    await user.keyboard('452.000');
    await user.tab();
    expect(input).toHaveValue('452.000\u00a0€');
  });

  it('keeps the caret where a click put it, without selecting', async () => {
    const user = userEvent.setup({ delay: null });
    const input = renderField('451.000');
    input.setSelectionRange(3, 3);
    act(() => input.focus());
    expect(input.selectionStart).toBe(input.selectionEnd);
    await user.keyboard('5');
    expect(input.value).not.toBe('5');
  });
});
