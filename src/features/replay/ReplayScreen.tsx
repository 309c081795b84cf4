/**
 * The replay screen (decision 17): QA staff load an action log and watch it play into the
 * real screens, which only display (their store runs no sagas and takes no input). Reads
 * selectors, dispatches events; the playing is the saga's.
 */
import { lazy, useMemo, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { addScreenStrings } from '../../i18n/screens';
import type { AppStore } from '../../app/store';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { LazyBoundary, partLoader } from '../../ui/LazyPart';
import {
  Actions,
  Alert,
  Hint,
  Label,
  PrimaryButton,
  SecondaryButton,
  Section,
  Select,
  Title,
} from '../../ui/primitives';
import { playerById } from './player';
import { replayActions as actions, selectReplay, SPEEDS, type Speed } from './slice';

const Payload = styled.pre`
  max-height: 16rem;
  overflow: auto;
  padding: 0.75rem;
  background: #f5f5f5;
  border-radius: ${(p) => p.theme.radius};
  font-size: 0.8rem;
  white-space: pre-wrap;
  word-break: break-word;
`;

const Replayed = styled.section`
  margin-top: 1.5rem;
  border: 2px dashed ${(p) => p.theme.colors.primary};
  border-radius: ${(p) => p.theme.radius};
`;

const Position = styled.input`
  width: 100%;
`;

/** A chosen file's text (FileReader: every browser the widget supports has it). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file);
  });
}

/** The real screen of the log's route, fed by the player's store; what it dispatches is dropped. */
function ReplayedView({ route, store }: { route: string; store: AppStore }) {
  const { t, i18n } = useTranslation();
  const load = useAppStore().screens.find((s) => s.path === route)?.load;
  const displayOnly = useMemo(() => ({ ...store, dispatch: <A,>(action: A) => action }), [store]);
  if (!load) return null;
  return (
    <Replayed aria-label={t('qa.replay.widget')}>
      <div inert>
        <Provider store={displayOnly as unknown as AppStore}>
          {/* The view is keyed by its route: one lazy screen per view, a new one on retry. */}
          <LazyBoundary
            part="page"
            create={() =>
              lazy(() =>
                partLoader(load)().then((m) => {
                  addScreenStrings(i18n, ...(m.feature.strings ?? []));
                  return { default: m.Screen };
                }),
              )
            }
          >
            {(Screen) => <Screen />}
          </LazyBoundary>
        </Provider>
      </div>
    </Replayed>
  );
}

export function ReplayScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('qa.replay.title'));
  const dispatch = useAppDispatch();
  const replay = useAppSelector(selectReplay);
  const { log, position, status } = replay;
  const player = playerById(log?.playerId);
  const current = player && position > 0 ? player.log.entries[position - 1] : undefined;
  const shown = replay.divergences.filter((d) => d.index < position);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    dispatch(actions.fileChosen({ name: file.name, text: await readText(file) }));
  }

  return (
    <Section as="main">
      <Title as="h1">{t('qa.replay.title')}</Title>
      <Label>
        {t('qa.replay.file')}
        <input type="file" accept="application/json,.json" onChange={(e) => void choose(e)} />
      </Label>
      {status === 'invalid' && (
        <Alert $severity="error" role="alert">
          {t('qa.replay.invalid', { reason: replay.error ?? '' })}
        </Alert>
      )}
      {log && (
        <>
          <Hint>
            {t('qa.replay.summary', {
              count: log.total,
              route: log.route,
              version: log.appVersion,
              startedAt: new Date(log.startedAt).toLocaleString(),
            })}
          </Hint>
          {log.dropped > 0 && <Hint>{t('qa.replay.dropped', { count: log.dropped })}</Hint>}
          {!log.hasScreen && (
            <Alert $severity="error" role="alert">
              {t('qa.replay.noScreen', { route: log.route })}
            </Alert>
          )}
          <div role="group" aria-label={t('qa.replay.controls')}>
            <Actions>
              {status === 'playing' ? (
                <PrimaryButton type="button" onClick={() => dispatch(actions.pausePressed())}>
                  {t('qa.replay.pause')}
                </PrimaryButton>
              ) : (
                <PrimaryButton
                  type="button"
                  disabled={status !== 'paused'}
                  onClick={() => dispatch(actions.playPressed())}
                >
                  {t('qa.replay.play')}
                </PrimaryButton>
              )}
              <SecondaryButton
                type="button"
                disabled={position >= log.total}
                onClick={() => dispatch(actions.stepPressed())}
              >
                {t('qa.replay.step')}
              </SecondaryButton>
              <SecondaryButton
                type="button"
                disabled={position === 0}
                onClick={() => dispatch(actions.seekRequested(0))}
              >
                {t('qa.replay.restart')}
              </SecondaryButton>
              <Label>
                {t('qa.replay.speed')}
                <Select
                  value={replay.speed}
                  onChange={(e) => dispatch(actions.speedChosen(Number(e.target.value) as Speed))}
                >
                  {SPEEDS.map((speed) => (
                    <option key={speed} value={speed}>
                      {speed === 0
                        ? t('qa.replay.instant')
                        : t('qa.replay.speedValue', { value: speed })}
                    </option>
                  ))}
                </Select>
              </Label>
            </Actions>
            <Label>
              {t('qa.replay.position')}
              <Position
                type="range"
                min={0}
                max={log.total}
                value={position}
                aria-valuetext={t('qa.replay.positionText', { index: position, total: log.total })}
                onChange={(e) => dispatch(actions.seekRequested(Number(e.target.value)))}
              />
            </Label>
            <p role="status">
              {t('qa.replay.positionText', { index: position, total: log.total })}
              {status === 'finished' ? ` ${t('qa.replay.finished')}` : ''}
            </p>
          </div>
          <section aria-labelledby="replay-current">
            <h2 id="replay-current">{t('qa.replay.current')}</h2>
            {current ? (
              <>
                <p>
                  {t('qa.replay.actionTitle', {
                    index: position - 1,
                    type: current.action.type,
                    seconds: (current.t / 1000).toFixed(1),
                  })}
                </p>
                <Payload aria-label={t('qa.replay.payload')} tabIndex={0}>
                  {JSON.stringify(current.action.payload ?? null, null, 2)}
                </Payload>
              </>
            ) : (
              <p>{t('qa.replay.none')}</p>
            )}
          </section>
          <div role="alert">
            {shown.map((d) => (
              <Alert key={`${d.after}-${d.index}`} $severity="error">
                {t('qa.replay.divergence', {
                  index: d.index,
                  type: d.actionType ?? '-',
                  path: d.path,
                })}
              </Alert>
            ))}
          </div>
          {position > 0 && shown.length === 0 && <Hint>{t('qa.replay.noDivergence')}</Hint>}
          {player && log.hasScreen && (
            <ReplayedView
              key={`${log.playerId}-${log.route}`}
              route={log.route}
              store={player.store}
            />
          )}
        </>
      )}
    </Section>
  );
}
