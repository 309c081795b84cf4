/**
 * A modal dialog on the platform's own `<dialog>` with `showModal()`: the browser keeps focus
 * inside and closes it on Escape; the focus goes back where it was when the dialog closes.
 * It opens where the visitor is looking inside a tall frame (`visible`, from the host page), at
 * its whole height: the frame grows to hold it as it grows for a step (decision 222).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

/** The room above and below the dialog, px (1rem). */
const GAP = 16;

const Box = styled.dialog<{
  $maxWidth: number | null;
  $visible: { top: number } | null;
}>`
  width: min(100% - 2rem, ${(p) => (p.$maxWidth ? `${p.$maxWidth}px` : '56rem')});
  /* Within the frame's viewport, which grows to hold the whole dialog (below). In the page's
     flow rather than fixed, so a control in it that gets focus scrolls the host page to it. */
  position: absolute;
  max-height: calc(100% - 2rem);
  overflow: auto;
  padding: 0;
  border: none;
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 8px 32px rgb(0 0 0 / 30%);
  color: ${(p) => p.theme.colors.text};
  ${(p) => (p.$visible ? `margin-top: ${p.$visible.top + GAP}px;` : '')}
  &::backdrop {
    background: rgb(0 0 0 / 40%);
  }
`;

const Heading = styled.h2`
  font-size: 1.25rem;
  margin: 0;
  padding: 1rem 1rem 0;
`;

const Body = styled.div`
  padding: 0 1rem 1rem;
`;

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** product 9.10: the confirm dialog is at most 450 px wide. */
  maxWidth?: number;
  /** The part of a tall frame the visitor sees (from the host page), if known, at opening. */
  visible?: { top: number; height: number } | null;
}

export function Dialog({ title, onClose, children, maxWidth, visible = null }: DialogProps) {
  // Placed where the visitor looked when it opened; it stays there while the page scrolls.
  const [placed] = useState(visible);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = dialog.ownerDocument.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    // Escape: the browser cancels; the caller decides whether the dialog goes.
    const cancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      before?.focus?.({ preventScroll: true });
    };
  }, []);
  // The dialog stands in the top layer, outside the body's box, which gives the frame its
  // height (app/env.ts): the body is held as high as the dialog needs from where it stands,
  // so the frame grows to hold it whole as it grows for a step (decision 222).
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const { body } = dialog.ownerDocument;
    const before = body.style.minHeight;
    const top = (placed?.top ?? 0) + GAP;
    const fit = () => {
      body.style.minHeight = `${Math.ceil(top + dialog.scrollHeight + GAP)}px`;
    };
    fit();
    // Set in the next frame, not in the observer's callback: a body grown there would be
    // left out of the frame's own observation (app/env.ts) until something else changed.
    let pending = 0;
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            cancelAnimationFrame(pending);
            pending = requestAnimationFrame(fit);
          })
        : null;
    for (const part of dialog.children) observer?.observe(part);
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(pending);
      body.style.minHeight = before;
    };
  }, [placed]);
  return (
    <Box ref={ref} aria-labelledby={titleId} $maxWidth={maxWidth ?? null} $visible={placed}>
      <Heading id={titleId}>{title}</Heading>
      <Body>{children}</Body>
    </Box>
  );
}
