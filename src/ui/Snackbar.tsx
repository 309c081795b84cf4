import styled from 'styled-components';

export interface SnackbarItem {
  id: string;
  severity: 'info' | 'success' | 'error';
  text: string;
}

/**
 * In the flow below the screen, not fixed over it: the frame grows to hold it, so a message
 * never covers the form's buttons. In a frame taller than the part the visitor sees, it floats
 * at the bottom of that part instead, where it is seen.
 */
const Stack = styled.div<{ $bottom: number | null }>`
  ${(p) =>
    p.$bottom === null
      ? ''
      : `position: absolute; z-index: 10; left: 50%; top: ${p.$bottom}px;
         transform: translate(-50%, calc(-100% - 1rem));`}
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

/** User messages (spec 2: shown 6 s, close button). Text only, never HTML. */
export function Snackbar({
  items,
  closeLabel,
  onClose,
  visible = null,
}: {
  items: SnackbarItem[];
  closeLabel: string;
  onClose: (id: string) => void;
  /** The part of the frame the visitor sees, when the host page has said. */
  visible?: { top: number; height: number } | null;
}) {
  const partlyHidden =
    visible !== null && (visible.top > 0 || visible.height < window.innerHeight - 1);
  return (
    <Stack
      role="status"
      aria-live="polite"
      $bottom={partlyHidden && items.length > 0 ? visible.top + visible.height : null}
    >
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
