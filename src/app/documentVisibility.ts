/** The document's own visibility (the env may bring another, as tests do). */
import type { PageVisibility } from './env';

export const documentVisibility: PageVisibility = {
  hidden: () => document.visibilityState === 'hidden',
  onChange(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};
