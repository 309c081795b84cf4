/**
 * Code split off with import() can fail to load (a bad connection, a server restarting). A
 * lazy part then shows what happened and 'Erneut versuchen', which loads the chunk again:
 * React.lazy keeps a failed load failed, so a retry makes a new lazy component.
 */
import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, SecondaryButton } from './primitives';

/** Any lazily loaded component (its props are the caller's business). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyComponent = LazyExoticComponent<ComponentType<any>>;

interface BoundaryProps {
  children: ReactNode;
  onRetry(): void;
}

class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    // eslint-disable-next-line no-console -- spec 8: the failure itself goes to the console
    console.warn('[immosuite] a part of the widget could not be loaded', error);
  }

  retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? <Failed onRetry={this.retry} /> : this.props.children;
  }
}

function Failed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert $severity="error" role="alert">
      <p>{t('errors.partFailed')}</p>
      <SecondaryButton type="button" onClick={onRetry}>
        {t('app.retry')}
      </SecondaryButton>
    </Alert>
  );
}

/** Shows `Part` (a lazy component) with a fallback while it loads, and a retry if it fails. */
export function LazyBoundary({
  create,
  children,
  fallback = null,
}: {
  /** Makes the lazy component; called again (with the failed one) on a retry. */
  create(previous?: LazyComponent): LazyComponent;
  children(Part: LazyComponent): ReactNode;
  fallback?: ReactNode;
}) {
  const [Part, setPart] = useState(() => create());
  return (
    <PartBoundary onRetry={() => setPart(create)}>
      <Suspense fallback={fallback}>{children(Part)}</Suspense>
    </PartBoundary>
  );
}

/** A lazy component that can be retried after its chunk failed to load. */
export function retryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  function RetryablePart(props: P & { fallback?: ReactNode }) {
    const { fallback, ...rest } = props;
    return (
      <LazyBoundary create={() => lazy(load)} fallback={fallback}>
        {(Part) => <Part {...(rest as P)} />}
      </LazyBoundary>
    );
  }
  return RetryablePart;
}
