import styled from 'styled-components';

export interface SnackbarItem {
  id: string;
  severity: 'info' | 'success' | 'error';
  text: string;
}

const Stack = styled.div`
  position: fixed;
  left: 50%;
  bottom: 1rem;
  transform: translateX(-50%);
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  z-index: 1000;
  width: min(40rem, calc(100% - 2rem));
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
  overflow-wrap: anywhere;
`;

const Close = styled.button`
  margin-left: auto;
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
}: {
  items: SnackbarItem[];
  closeLabel: string;
  onClose: (id: string) => void;
}) {
  return (
    <Stack role="status" aria-live="polite">
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
