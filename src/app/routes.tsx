/** The routes of SCREENS: each screen's chunk loads when its route is first shown. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addScreenStrings } from '../i18n/screens';
import { LazyBoundary, partLoader } from '../ui/LazyPart';
import { ProgressBar } from '../ui/ProgressBar';
import { useAppStore } from './hooks';
import { RoutePlaceholder } from './RoutePlaceholder';
import { HoldShell } from './shell';
import { SCREENS, type ScreenEntry, type ScreenModule } from './screens';
import type { AppStore } from './store';

type LazyScreen = LazyExoticComponent<ComponentType>;

// One lazy component per store and screen: the load starts the screen's sagas in that store.
const lazyScreens = new WeakMap<AppStore, Map<string, LazyScreen>>();

function lazyScreen(
  store: AppStore,
  i18n: I18n,
  id: string,
  load: () => Promise<ScreenModule>,
  fresh = false,
) {
  let screens = lazyScreens.get(store);
  if (!screens) lazyScreens.set(store, (screens = new Map()));
  let component = fresh ? undefined : screens.get(id);
  if (!component) {
    component = lazy(async () => {
      const { Screen, feature } = await partLoader(load)();
      addScreenStrings(i18n, ...(feature.strings ?? []));
      store.startFeature(feature);
      return { default: Screen };
    });
    screens.set(id, component);
  }
  return component;
}

function LoadedScreen({ id, load }: { id: string; load: () => Promise<ScreenModule> }) {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  // The same component for this store and screen on every render (see lazyScreens); a retry
  // after a failed load makes a new one.
  return (
    <LazyBoundary
      part="page"
      create={(previous) => lazyScreen(store, i18n, id, load, previous !== undefined)}
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

export function ScreenRoute({ screen }: { screen: ScreenEntry }) {
  if (!screen.load) return <RoutePlaceholder titleKey={screen.titleKey} />;
  return <LoadedScreen id={screen.id} load={screen.load} />;
}

/**
 * Another screen shown inside this one (the portal's dialogs run the saved-search wizard):
 * its chunk loads when it is first shown and its feature starts, as on its own route.
 */
export function EmbeddedScreen<P extends object>({ id, props }: { id: string; props: P }) {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  const load = SCREENS.find((screen) => screen.id === id)?.load;
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
