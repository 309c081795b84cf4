/**
 * The regions menu (product 2.3.1, 3.5, 9.11, 9.12): a tree of regions with check boxes, the
 * complete keyboard alternative to the map (WAI-ARIA APG tree view: one tab stop; arrows move,
 * Right and Left open and close, Home and End, Space or Enter checks, typing jumps to a region
 * by its name, the typed letters forgotten after 1000 ms, Ctrl+A selects all or, when all are,
 * none). It shows 20 rows and 20 more whenever the list is scrolled near its end (or the focus
 * goes past them); at most 500 px high. Above it, 'Alle auswählen' and 'Alle abwählen' act on
 * the top level with everything below it; a region's own row does so for its localities.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AUTOCOMPLETE_PAGE, REGION_MENU_MAX_HEIGHT, TYPEAHEAD_RESET_MS } from './constants';
import { LinkButton } from '../../ui/primitives';
import { ancestorsOf, checkState, parentOf, visibleRows, type RegionTree } from './tree';

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 1rem;
`;

const List = styled.ul`
  max-height: ${REGION_MENU_MAX_HEIGHT}px;
  overflow-y: auto;
  margin: 0;
  padding: 0.25rem;
  list-style: none;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius};
  &:focus-within {
    outline: 2px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
  }
`;

const Row = styled.li<{ $level: number }>`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.5rem;
  padding: 0 0.5rem 0 ${(p) => 0.5 + (p.$level - 1) * 1.75}rem;
  border-radius: ${(p) => p.theme.radius};
  cursor: pointer;
  &:hover {
    background: #eef2f5;
  }
  &:focus {
    outline: 2px solid ${(p) => p.theme.colors.primary};
    outline-offset: -2px;
  }
`;

const Box = styled.span<{ $state: string }>`
  flex: none;
  display: grid;
  place-items: center;
  width: 1.25rem;
  height: 1.25rem;
  border: 2px solid
    ${(p) => (p.$state === 'unchecked' ? p.theme.colors.border : p.theme.colors.primary)};
  border-radius: 3px;
  color: #fff;
  font-size: 0.85rem;
  line-height: 1;
  background: ${(p) => (p.$state === 'unchecked' ? '#fff' : p.theme.colors.primary)};
`;

const Twisty = styled.span`
  flex: none;
  width: 1.25rem;
  text-align: center;
  color: ${(p) => p.theme.colors.muted};
`;

export interface RegionMenuProps {
  tree: RegionTree;
  selection: readonly number[];
  label: string;
  onToggle(id: number): void;
  /** Every region chosen (true) or none. */
  onAll(chosen: boolean): void;
}

/** What the visitor types while the menu has the focus: the letters and when they came. */
interface TypeAhead {
  text: string;
  at: number;
}

/** The keys that end a name being typed in the tree: its moves, and Enter. */
const ENDS_TYPING = new Set([
  'ArrowDown',
  'ArrowUp',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'Enter',
]);

export function RegionMenu({ tree, selection, label, onToggle, onAll }: RegionMenuProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [focused, setFocused] = useState<number | null>(tree.order[0] ?? null);
  const [shown, setShown] = useState(AUTOCOMPLETE_PAGE);
  const typed = useRef<TypeAhead>({ text: '', at: 0 });
  const listRef = useRef<HTMLUListElement>(null);
  const moveFocus = useRef(false);

  const selected = useMemo(() => new Set(selection), [selection]);
  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);
  const index = Math.max(
    0,
    rows.findIndex((row) => row.id === focused),
  );
  const current = rows[index];

  // The focus follows the active row once a key has moved it (not on the first render).
  useEffect(() => {
    if (!moveFocus.current || current === undefined) return;
    moveFocus.current = false;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-region="${current.id}"]`)
      ?.focus({ preventScroll: false });
  }, [current]);

  function focusRow(at: number) {
    const row = rows[Math.min(Math.max(at, 0), rows.length - 1)];
    if (!row) return;
    // Rows past those shown come into view with the focus.
    const position = rows.indexOf(row);
    if (position >= shown)
      setShown(Math.ceil((position + 1) / AUTOCOMPLETE_PAGE) * AUTOCOMPLETE_PAGE);
    moveFocus.current = true;
    setFocused(row.id);
  }

  function setOpen(id: number, open: boolean) {
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  /**
   * Whether a space now continues the name being typed: letters were typed within 1000 ms and
   * some region's name goes on with them and a space ('prenzlauer ' for Prenzlauer Berg).
   */
  function spaceContinues(now: number): boolean {
    const state = typed.current;
    if (!state.text || now - state.at > TYPEAHEAD_RESET_MS) return false;
    const needle = `${state.text} `.toLocaleLowerCase();
    return tree.order.some((id) => tree.byId.get(id)!.name.toLocaleLowerCase().startsWith(needle));
  }

  /** Jumps to the next region whose name starts with the letters typed (within 1000 ms). */
  function typeAhead(char: string, now: number) {
    const state = typed.current;
    const text = now - state.at > TYPEAHEAD_RESET_MS ? char : state.text + char;
    typed.current = { text, at: now };
    const needle = text.toLocaleLowerCase();
    const order = tree.order;
    const start = focused === null ? 0 : order.indexOf(focused);
    // A new first letter looks from the next region on; more letters refine the current one.
    const from = text.length === 1 ? start + 1 : start;
    for (let step = 0; step < order.length; step += 1) {
      const id = order[(from + step) % order.length]!;
      if (!tree.byId.get(id)!.name.toLocaleLowerCase().startsWith(needle)) continue;
      const hidden = ancestorsOf(tree, id).filter((a) => !expanded.has(a));
      if (hidden.length > 0) setExpanded((previous) => new Set([...previous, ...hidden]));
      const position = visibleRows(tree, new Set([...expanded, ...hidden])).findIndex(
        (row) => row.id === id,
      );
      if (position >= shown)
        setShown(Math.ceil((position + 1) / AUTOCOMPLETE_PAGE) * AUTOCOMPLETE_PAGE);
      moveFocus.current = true;
      setFocused(id);
      return;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (!current) return;
    const open = expanded.has(current.id);
    // A move ends the name being typed (Shift for a capital letter does not).
    if (ENDS_TYPING.has(event.key)) typed.current = { text: '', at: 0 };
    switch (event.key) {
      case 'ArrowDown':
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        focusRow(index - 1);
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(rows.length - 1);
        break;
      case 'ArrowRight':
        if (current.hasChildren && !open) setOpen(current.id, true);
        else if (current.hasChildren) focusRow(index + 1);
        break;
      case 'ArrowLeft': {
        if (current.hasChildren && open) {
          setOpen(current.id, false);
          break;
        }
        const parent = parentOf(tree, current.id);
        if (parent !== null) focusRow(rows.findIndex((row) => row.id === parent));
        break;
      }
      case ' ': {
        // A space within a name being typed is typed; any other space ticks the region.
        const now = Date.now();
        if (spaceContinues(now)) {
          typeAhead(' ', now);
          break;
        }
        typed.current = { text: '', at: 0 };
        onToggle(current.id);
        break;
      }
      case 'Enter':
        onToggle(current.id);
        break;
      default:
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
          onAll(selection.length < tree.order.length);
          break;
        }
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          typeAhead(event.key, Date.now());
          break;
        }
        return;
    }
    event.preventDefault();
  }

  function onScroll() {
    const list = listRef.current;
    if (!list || shown >= rows.length) return;
    // Near the end of what is shown: 20 more.
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 80)
      setShown((count) => count + AUTOCOMPLETE_PAGE);
  }

  return (
    <>
      <Tools>
        <LinkButton type="button" onClick={() => onAll(true)}>
          {t('regions.selectAll')}
        </LinkButton>
        <LinkButton type="button" onClick={() => onAll(false)}>
          {t('regions.clearAll')}
        </LinkButton>
      </Tools>
      <List
        ref={listRef}
        role="tree"
        aria-label={label}
        aria-multiselectable="true"
        onKeyDown={onKeyDown}
        onScroll={onScroll}
      >
        {rows.slice(0, shown).map((row) => {
          const region = tree.byId.get(row.id)!;
          const state = checkState(tree, selected, row.id);
          const open = expanded.has(row.id);
          return (
            <Row
              key={row.id}
              $level={row.level}
              role="treeitem"
              data-region={row.id}
              aria-level={row.level}
              aria-posinset={row.position}
              aria-setsize={row.siblings}
              aria-checked={state === 'mixed' ? 'mixed' : state === 'checked'}
              aria-expanded={row.hasChildren ? open : undefined}
              tabIndex={row.id === current?.id ? 0 : -1}
              onClick={() => {
                setFocused(row.id);
                onToggle(row.id);
              }}
            >
              {row.hasChildren ? (
                <Twisty
                  aria-hidden="true"
                  onClick={(event) => {
                    event.stopPropagation();
                    setFocused(row.id);
                    setOpen(row.id, !open);
                  }}
                >
                  {t(open ? 'regions.marks.open' : 'regions.marks.closed')}
                </Twisty>
              ) : (
                <Twisty aria-hidden="true" />
              )}
              <Box $state={state} aria-hidden="true">
                {state !== 'unchecked' && t(`regions.marks.${state}`)}
              </Box>
              <span>{region.name}</span>
            </Row>
          );
        })}
      </List>
    </>
  );
}
