/**
 * The replay player's effects: reading and checking a chosen log, and playing it at the
 * recorded pace (scaled by the speed, pauses capped), stepping and seeking.
 */
import { call, cancel, fork, getContext, put, select, take, takeLatest } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { delay } from 'redux-saga/effects';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import { loadFeatures } from '../../app/loadFeatures';
import { rootReducer, type Feature, type ScreenEntry } from '../../app/store';
import { ActionLogError, parseActionLog, replayLog, type Reducer } from '../../qa/log';
import { createPlayer, playerById } from './player';
import { replayActions as actions, selectReplay, type ReplayState } from './slice';

/** The longest pause between two actions while playing, however long the visitor waited. */
export const MAX_PAUSE_MS = 2_000;
/** Without pauses, this many actions are applied per frame. */
const INSTANT_BATCH = 25;

function* readLog(action: ReturnType<typeof actions.fileChosen>): Saga {
  const env: AppEnv = yield getContext('env');
  let log;
  try {
    log = parseActionLog(action.payload.text);
  } catch (error) {
    if (!(error instanceof ActionLogError)) env.log('action log unreadable', error);
    yield put(actions.logRejected(error instanceof Error ? error.message : String(error)));
    return;
  }
  try {
    const screens: readonly ScreenEntry[] = yield getContext('screens');
    const features: Feature[] = yield call(loadFeatures, screens);
    // A reducers-only pass over the whole log finds every divergence up front.
    const { divergences } = replayLog(log, rootReducer as Reducer);
    const player = createPlayer(log, env, features, screens);
    yield put(
      actions.logLoaded({
        log: {
          playerId: player.id,
          fileName: action.payload.name,
          route: log.route,
          appVersion: log.appVersion,
          startedAt: log.startedAt,
          total: log.entries.length,
          dropped: log.dropped,
          redacted: log.redacted,
          hasScreen: screens.some((s) => s.path === log.route),
        },
        divergences,
      }),
    );
  } catch (error) {
    env.log('action log could not be replayed', error);
    yield put(actions.logRejected(error instanceof Error ? error.message : String(error)));
  }
}

function* play(): Saga {
  for (;;) {
    const replay: ReplayState = yield select(selectReplay);
    const player = playerById(replay.log?.playerId);
    if (!player || replay.status !== 'playing' || player.position >= player.log.entries.length)
      return;
    const { entries } = player.log;
    const next = player.position;
    if (replay.speed === 0) {
      yield delay(16);
      player.moveTo(next + INSTANT_BATCH);
    } else {
      const gap = next === 0 ? 0 : entries[next]!.t - entries[next - 1]!.t;
      yield delay(Math.min(Math.max(gap, 0), MAX_PAUSE_MS) / replay.speed);
      player.moveTo(next + 1);
    }
    yield put(actions.advanced(player.position));
  }
}

function* moveTo(position: number): Saga {
  const replay: ReplayState = yield select(selectReplay);
  const player = playerById(replay.log?.playerId);
  if (!player) return;
  player.moveTo(position);
  yield put(actions.advanced(player.position));
}

export function* replaySaga(): Saga {
  yield takeLatest(actions.fileChosen.type, readLog);
  let playing: Task | null = null;
  for (;;) {
    const action: { type: string; payload?: unknown } = yield take([
      actions.playPressed.type,
      actions.pausePressed.type,
      actions.stepPressed.type,
      actions.seekRequested.type,
      actions.fileChosen.type,
    ]);
    if (playing) {
      yield cancel(playing);
      playing = null;
    }
    if (action.type === actions.playPressed.type) playing = yield fork(play);
    else if (action.type === actions.stepPressed.type) {
      const replay: ReplayState = yield select(selectReplay);
      yield call(moveTo, replay.position + 1);
    } else if (action.type === actions.seekRequested.type) {
      const replay: ReplayState = yield select(selectReplay);
      yield call(moveTo, replay.position);
    }
  }
}
