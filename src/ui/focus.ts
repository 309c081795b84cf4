/**
 * Moves the focus to an element (a heading with tabIndex -1, a message), as a step change or a
 * login does. Right after a page load inside the host's frame, Chromium may refuse the first
 * call (the element stays unfocused); it is tried again on the next frames, for up to
 * FOCUS_RETRY_FRAMES, as long as nothing else has taken the focus meanwhile.
 */
export const FOCUS_RETRY_FRAMES = 30;

export function moveFocus(element: HTMLElement | null): () => void {
  if (!element) return () => {};
  const document = element.ownerDocument;
  const window = document.defaultView;
  element.focus({ preventScroll: true });
  let left = FOCUS_RETRY_FRAMES;
  let frame = 0;
  const again = () => {
    const active = document.activeElement;
    if (active === element || !element.isConnected) return;
    // The visitor (or another part) put the focus elsewhere: that stands.
    if (active && active !== document.body) return;
    element.focus({ preventScroll: true });
    left -= 1;
    if (left > 0 && window) frame = window.requestAnimationFrame(again);
  };
  if (document.activeElement !== element && window) frame = window.requestAnimationFrame(again);
  return () => window?.cancelAnimationFrame(frame);
}
