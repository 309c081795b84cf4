/** A screen's route: its chunk loads when the route is first shown. */
import { useTranslation } from 'react-i18next';
import { LazyBoundary } from '../ui/LazyPart';
import { ProgressBar } from '../ui/ProgressBar';
import { useAppStore } from './hooks';
import { lazyScreen } from './lazyScreen';
import { HoldShell } from './shell';
import type { ScreenEntry } from './store';

export function ScreenRoute({ screen }: { screen: ScreenEntry }) {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  // The same component for this store and screen on every render (see lazyScreen); a retry
  // after a failed load makes a new one.
  return (
    <LazyBoundary
      part="page"
      create={(previous) => lazyScreen(store, i18n, screen.id, screen.load, previous !== undefined)}
      fallback={
        <>
          <ProgressBar label={t('app.loading')} />
          <HoldShell />
        </>
      }
    >
      {(Screen) => <Screen />}
    </LazyBoundary>
  );
}
