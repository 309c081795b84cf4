/**
 * 'Adresse suchen' (product 2.2.1) as a WAI-ARIA combobox: arrow keys move through the
 * suggestions, Enter takes one, Escape closes; a live region says how many were found.
 */
import { memo, useCallback, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Hint, Input, Label } from '../../ui/primitives';
import { displayLine, type Address } from './address';

const Box = styled.div`
  position: relative;
`;

/**
 * The label with its input, and the clear button: the button is placed against this box, so
 * it stays inside the input whatever shows below it (suggestions, the live hint).
 */
const Field = styled.div`
  position: relative;
  & input {
    padding-right: 2.75rem;
  }
`;

const Clear = styled.button`
  display: block;
  position: absolute;
  right: 0.25rem;
  bottom: 0.25rem;
  min-height: 2.25rem;
  min-width: 2.25rem;
  border: none;
  background: none;
  font-size: 1.25rem;
  cursor: pointer;
  color: ${(p) => p.theme.colors.muted};
  /*
   * Hidden, it keeps its box and its display (block, as in the rule above): showing it on the
   * first letter then changes its visibility alone, which repaints without a layout.
   */
  &[hidden] {
    visibility: hidden;
  }
`;

const List = styled.ul`
  position: absolute;
  z-index: 1100;
  left: 0;
  right: 0;
  margin: 0.25rem 0 0;
  padding: 0;
  list-style: none;
  background: #fff;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%);
  max-height: 20rem;
  overflow-y: auto;
`;

const Option = styled.li<{ $active: boolean }>`
  padding: 0.6rem 0.75rem;
  cursor: pointer;
  background: ${(p) => (p.$active ? `${p.theme.colors.primary}1f` : 'transparent')};
  border-left: 4px solid ${(p) => (p.$active ? p.theme.colors.primary : 'transparent')};
`;

/** The clear button: rendered once, then only shown or hidden. */
const ClearButton = memo(function ClearButton({
  shown,
  onClear,
}: {
  shown: boolean;
  onClear(): void;
}) {
  const { t } = useTranslation();
  return (
    // Hidden while the box is empty rather than left out: the first typed letter then only
    // shows it, without adding its style rule to the page (which re-lays out everything).
    // Hidden, it is out of the tab order and the accessibility tree (visibility: hidden).
    <Clear type="button" aria-label={t('location.clear')} onClick={onClear} hidden={!shown}>
      <span aria-hidden="true">{t('location.clearSymbol')}</span>
    </Clear>
  );
});

/** The suggestions: re-rendered when they, the active one or their visibility change. */
const Suggestions = memo(function Suggestions({
  id,
  suggestions,
  active,
  shown,
  onPick,
}: {
  id: string;
  suggestions: Address[];
  active: number;
  shown: boolean;
  onPick(index: number): void;
}) {
  const { t } = useTranslation();
  return (
    <List id={`${id}-list`} role="listbox" aria-label={t('location.suggestions')} hidden={!shown}>
      {suggestions.map((address, index) => (
        <Option
          key={`${index}-${displayLine(address)}`}
          id={`${id}-option-${index}`}
          role="option"
          aria-selected={index === active}
          $active={index === active}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(index)}
        >
          {displayLine(address)}
        </Option>
      ))}
    </List>
  );
});

/** The live region: re-rendered only when what it says changes. */
const Status = memo(function Status({ text }: { text: string }) {
  return (
    <Hint role="status" aria-live="polite">
      {text}
    </Hint>
  );
});

export interface LocationPickerProps {
  text: string;
  status: 'idle' | 'loading' | 'done' | 'failed';
  suggestions: Address[];
  onText(text: string): void;
  onChoose(address: Address, line: string): void;
  onClear(): void;
}

export function LocationPicker({
  text,
  status,
  suggestions,
  onText,
  onChoose,
  onClear,
}: LocationPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-list`;
  const showList = open && status === 'done' && suggestions.length > 0;

  const choose = useCallback(
    (index: number) => {
      const address = suggestions[index];
      if (!address) return;
      onChoose(address, displayLine(address));
      setOpen(false);
      setActive(-1);
    },
    [suggestions, onChoose],
  );

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (suggestions.length ? (i + 1) % suggestions.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (suggestions.length ? (i <= 0 ? suggestions.length - 1 : i - 1) : -1));
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      if (showList) setOpen(false);
      else onClear();
    }
  }

  let announcement = '';
  if (status === 'loading') announcement = t('location.searching');
  else if (status === 'done' && suggestions.length === 0) announcement = t('location.noData');
  else if (status === 'done') announcement = t('location.results', { count: suggestions.length });

  return (
    <Box>
      <Field>
        <Label>
          <span>{t('location.search')}</span>
          <Input
            role="combobox"
            type="text"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
            aria-busy={status === 'loading'}
            value={text}
            onChange={(e) => {
              onText(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            onFocus={() => setOpen(true)}
          />
        </Label>
        <ClearButton shown={text !== ''} onClear={onClear} />
      </Field>
      <Suggestions
        id={id}
        suggestions={suggestions}
        active={active}
        shown={showList}
        onPick={choose}
      />
      <Status text={open && text.trim().length > 1 ? announcement : ''} />
    </Box>
  );
}
