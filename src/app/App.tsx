import { Suspense, useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import styled, { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../ui/GlobalStyle';
import { ProgressBar } from '../ui/ProgressBar';
import { Snackbar } from '../ui/Snackbar';
import { makeTheme } from '../ui/theme';
import { messagesOutOfView } from '../host/actions';
import { useAppDispatch, useAppSelector, useAppStore } from './hooks';
import { ScreenRoute } from './routes';
import { HoldShell } from './shell';
import { selectConfig, selectInitialised, selectLoading, selectMessages } from './selectors';
import { messageDismissed } from './uiSlice';

const NotFound = styled.p`
  padding: 1rem;
`;

const Overdue = styled.p`
  padding: 1rem;
`;

function Messages() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const messages = useAppSelector(selectMessages);
  const items = messages.map((m) => ({
    id: m.id,
    severity: m.severity,
    text: t(m.key, { ...m.params, text: m.text ?? '' }),
  }));
  const visible = useAppSelector((state) => state.host.visible);
  const onOutOfView = useCallback(
    (bottom: number) => dispatch(messagesOutOfView({ bottom })),
    [dispatch],
  );
  return (
    <Snackbar
      visible={visible}
      onOutOfView={onOutOfView}
      items={items}
      closeLabel={t('app.close')}
      onClose={(id) => dispatch(messageDismissed(id))}
    />
  );
}

/**
 * The shell: theme, progress bar, the route view once the host has initialised us, messages;
 * `children` (the QA panel) below them. Until the route's screen is there, index.html's
 * loading shell stands in front (shell.ts).
 */
export function App({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const initialised = useAppSelector(selectInitialised);
  const loading = useAppSelector(selectLoading);
  const initOverdue = useAppSelector((state) => state.host.initOverdue);
  const { theme: colors } = useAppSelector(selectConfig);
  const { screens } = useAppStore();
  const theme = useMemo(() => makeTheme(colors), [colors]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {initOverdue && !initialised ? (
        <Overdue role="status">{t('app.initOverdue')}</Overdue>
      ) : (
        (!initialised || loading) && <ProgressBar label={t('app.loading')} />
      )}
      {!initialised && !initOverdue && <HoldShell />}
      {initialised && (
        <Suspense
          fallback={
            <>
              <ProgressBar label={t('app.loading')} />
              <HoldShell />
            </>
          }
        >
          <Routes>
            {screens.map((screen) => (
              <Route
                key={screen.id}
                path={screen.path}
                // Keyed: another screen is a new part (its own lazy component), not this one.
                element={<ScreenRoute key={screen.id} screen={screen} />}
              />
            ))}
            <Route path="/" element={<Navigate to={screens[0]!.path} replace />} />
            <Route path="*" element={<NotFound>{t('app.notFound')}</NotFound>} />
          </Routes>
        </Suspense>
      )}
      <Messages />
      {children}
    </ThemeProvider>
  );
}
