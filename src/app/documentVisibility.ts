/** Page visibility: the document's own (the env may bring another, as tests do), and its changes. */
import type { PageVisibility } from './env';

export const documentVisibility: PageVisibility = {
  hidden: () => document.visibilityState === 'hidden',
  onChange(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/**
 * Resolves the next time the page becomes hidden (`hidden` true) or shown; the listener goes
 * with it. (A plain promise, not an event channel: the screen's chunk then needs nothing of
 * redux-saga's core, which stays whole in the shell's bundle.)
 */
export const nextVisibility = (visibility: PageVisibility, hidden: boolean) =>
  new Promise<void>((resolve) => {
    const off = visibility.onChange(() => {
      if (visibility.hidden() === hidden) resolve(off());
    });
  });
