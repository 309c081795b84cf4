/** Page visibility for sagas: work that may wait (the session poll) waits while the page is hidden. */
import { call, getContext } from 'redux-saga/effects';
import { documentVisibility } from './documentVisibility';
import type { AppEnv, PageVisibility } from './env';
import type { Saga } from './saga';

/**
 * Resolves once the page is shown; the listener goes with it. (A plain promise, not an event
 * channel: the screen's chunk then needs nothing of redux-saga's core, which stays whole in
 * the shell's bundle, 0.13 KB smaller.)
 */
function shown(visibility: PageVisibility): Promise<void> {
  return new Promise((resolve) => {
    const off = visibility.onChange(() => {
      if (visibility.hidden()) return;
      off();
      resolve();
    });
  });
}

/** Returns at once on a shown page; on a hidden one, once it is shown again. */
export function* whenPageShown(): Saga {
  const env: AppEnv = yield getContext('env');
  const visibility = env.visibility ?? documentVisibility;
  if (visibility.hidden()) yield call(shown, visibility);
}
