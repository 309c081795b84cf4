/** A screen inside another (its own module, so only the screens that embed one carry it). */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyBoundary } from '../ui/LazyPart';
import { useAppStore } from './hooks';
import { lazyScreen } from './lazyScreen';

/**
 * Another screen shown inside this one (the portal's dialogs run the saved-search wizard),
 * found in the store's screens: its chunk loads when it is first shown and its feature
 * starts, as on its own route.
 */
export function EmbeddedScreen<P extends object>({ id, props }: { id: string; props: P }) {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  const load = store.screens.find((screen) => screen.id === id)?.load;
  if (!load) throw new Error(`no screen ${id} to embed`);
  return (
    <LazyBoundary
      part="page"
      create={(previous) => lazyScreen(store, i18n, id, load, previous !== undefined)}
      fallback={<p role="status">{t('app.loading')}</p>}
    >
      {(Screen) => {
        const Embedded = Screen as unknown as ComponentType<P>;
        return <Embedded {...props} />;
      }}
    </LazyBoundary>
  );
}
