/**
 * Every screen's feature, for a store with every reducer (the replay, its script and tests).
 * A module of its own, so the routes that never replay do not carry it.
 */
import type { Feature, ScreenEntry } from './store';

export const loadFeatures = async (screens: readonly ScreenEntry[]): Promise<Feature[]> =>
  (await Promise.all(screens.map((screen) => screen.load()))).map((m) => m.feature);
