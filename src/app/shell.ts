/**
 * The loading shell of index.html stands, at the height the host page reserved, until the
 * route's first screen is drawn: the app renders under it unseen (index.html's style), and
 * the shell goes, before the next paint, after the first commit in which nothing holds it.
 * The app's loading states hold it (starting, loading a screen, a screen's own first load;
 * the app's first render is always one of them), so the frame never shrinks to a progress
 * bar on the way to the screen.
 */
import { useLayoutEffect } from 'react';

let holders = 0;

function letGo() {
  if (holders === 0) document.getElementById('shell')?.remove();
}

/** A loading state of the app: the shell stands while it is shown. */
export function HoldShell() {
  useLayoutEffect(() => {
    holders += 1;
    return () => {
      holders -= 1;
      // After the commit: its successor (a screen's own loading state) may hold it in turn.
      queueMicrotask(letGo);
    };
  }, []);
  return null;
}
