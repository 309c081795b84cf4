/**
 * A screen as a lazy component: its chunk loads when it is first shown, its strings join the
 * app's, and its feature (slices and sagas) starts in the store. One per store and screen.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { i18n as I18n } from 'i18next';
import { addScreenStrings } from '../i18n/screens';
import { partLoader } from '../ui/LazyPart';
import type { AppStore, ScreenModule } from './store';

type LazyScreen = LazyExoticComponent<ComponentType>;

// One lazy component per store and screen: the load starts the screen's sagas in that store.
const lazyScreens = new WeakMap<AppStore, Map<string, LazyScreen>>();

export function lazyScreen(
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
