import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';

export interface SnackbarItem {
  id: string;
  severity: 'info' | 'success' | 'error';
  text: string;
}

/**
 * In the flow below the screen, not fixed over it: the frame grows to hold it, so a message
 * never covers the form's buttons. When that spot is out of the visitor's sight, the host page
 * brings it into view (`onOutOfView`).
 */
const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(40rem, calc(100% - 2rem));
  margin: 0 auto;
  &:not(:empty) {
    margin: 0.5rem auto 1rem;
  }
`;

const Item = styled.div<{ $severity: SnackbarItem['severity'] }>`
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 0.75rem 1rem;
  border-radius: ${(p) => p.theme.radius};
  color: #fff;
  background: ${(p) =>
    p.$severity === 'error'
      ? p.theme.colors.error
      : p.$severity === 'success'
        ? p.theme.colors.success
        : p.theme.colors.secondary};
  box-shadow: 0 2px 8px rgb(0 0 0 / 30%);
  & > span {
    overflow-wrap: anywhere;
  }
`;

const Close = styled.button`
  margin-left: auto;
  flex: none;
  white-space: nowrap;
  background: transparent;
  color: inherit;
  border: 1px solid currentColor;
  border-radius: ${(p) => p.theme.radius};
  padding: 0.25rem 0.75rem;
  font: inherit;
  cursor: pointer;
`;

/** User messages (product 2.0.6: shown 6 s, close button). Text only, never HTML. */
export function Snackbar({
  items,
  closeLabel,
  onClose,
  visible = null,
  onOutOfView,
}: {
  items: SnackbarItem[];
  closeLabel: string;
  onClose: (id: string) => void;
  /** The part of the frame the visitor sees, when the host page has said. */
  visible?: { top: number; height: number } | null;
  /** The messages are out of sight: their bottom, in the frame. */
  onOutOfView?: (bottom: number) => void;
}) {
  // A new message the visitor cannot see (a frame taller than the window, scrolled above
  // it): the host page is asked once to bring it into view; later scrolling is theirs.
  const stack = useRef<HTMLDivElement>(null);
  const seen = useRef(visible);
  useLayoutEffect(() => {
    seen.current = visible;
  }, [visible]);
  const count = items.length;
  const before = useRef(count);
  useLayoutEffect(() => {
    const added = count > before.current;
    before.current = count;
    const box = stack.current?.getBoundingClientRect();
    const view = seen.current;
    if (added && view && box && box.bottom > view.top + view.height) onOutOfView?.(box.bottom);
  }, [count, onOutOfView]);
  return (
    <Stack ref={stack} role="status" aria-live="polite">
      {items.map((item) => (
        <Item key={item.id} $severity={item.severity}>
          <span>{item.text}</span>
          <Close type="button" onClick={() => onClose(item.id)}>
            {closeLabel}
          </Close>
        </Item>
      ))}
    </Stack>
  );
}
