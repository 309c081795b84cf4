/** The routes of SCREENS: each screen's chunk loads when its route is first shown. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyBoundary } from '../ui/LazyPart';
import { ProgressBar } from '../ui/ProgressBar';
import { useAppStore } from './hooks';
import { RoutePlaceholder } from './RoutePlaceholder';
import type { ScreenEntry, ScreenModule } from './screens';
import type { AppStore } from './store';

type LazyScreen = LazyExoticComponent<ComponentType>;

// One lazy component per store and screen: the load starts the screen's sagas in that store.
const lazyScreens = new WeakMap<AppStore, Map<string, LazyScreen>>();

function lazyScreen(store: AppStore, id: string, load: () => Promise<ScreenModule>, fresh = false) {
  let screens = lazyScreens.get(store);
  if (!screens) lazyScreens.set(store, (screens = new Map()));
  let component = fresh ? undefined : screens.get(id);
  if (!component) {
    component = lazy(async () => {
      const { Screen, feature } = await load();
      store.startFeature(feature);
      return { default: Screen };
    });
    screens.set(id, component);
  }
  return component;
}

function LoadedScreen({ id, load }: { id: string; load: () => Promise<ScreenModule> }) {
  const { t } = useTranslation();
  const store = useAppStore();
  // The same component for this store and screen on every render (see lazyScreens); a retry
  // after a failed load makes a new one.
  return (
    <LazyBoundary
      create={(previous) => lazyScreen(store, id, load, previous !== undefined)}
      fallback={<ProgressBar label={t('app.loading')} />}
    >
      {(Screen) => <Screen />}
    </LazyBoundary>
  );
}

export function ScreenRoute({ screen }: { screen: ScreenEntry }) {
  if (!screen.load) return <RoutePlaceholder titleKey={screen.titleKey} />;
  return <LoadedScreen id={screen.id} load={screen.load} />;
}
