/**
 * Plays a QA action log into a store of its own (every reducer, no sagas), which the replay
 * screen shows through the real screens. Seeking replaces the state with the log's initial
 * state and applies the actions up to the position.
 */
import {
  makeStore,
  stateReplaced,
  type AppStore,
  type Feature,
  type ScreenEntry,
} from '../../app/store';
import type { AppEnv } from '../../app/env';
import type { ActionLog } from '../../qa/log';

export interface Player {
  id: string;
  log: ActionLog;
  store: AppStore;
  /** Applies the actions from the current position up to `position` (or back from the start). */
  moveTo(position: number): void;
  readonly position: number;
}

const players = new Map<string, Player>();
let created = 0;

export function createPlayer(
  log: ActionLog,
  env: AppEnv,
  features: readonly Feature[],
  screens: readonly ScreenEntry[],
): Player {
  const store = makeStore({ env, screens, runSagas: false, features, replaceable: true });
  let position = 0;
  store.dispatch(stateReplaced(log.initialState));
  created += 1;
  const player: Player = {
    id: `player-${created}`,
    log,
    store,
    get position() {
      return position;
    },
    moveTo(target) {
      const end = Math.max(0, Math.min(target, log.entries.length));
      if (end < position) {
        store.dispatch(stateReplaced(log.initialState));
        position = 0;
      }
      for (; position < end; position += 1) store.dispatch(log.entries[position]!.action);
    },
  };
  // One log plays at a time: the previous player's store goes.
  players.clear();
  players.set(player.id, player);
  return player;
}

export const playerById = (id: string | undefined) => (id ? players.get(id) : undefined);
