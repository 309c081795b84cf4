/**
 * Code split off with import() can fail to load (a bad connection, a server restarting), and a
 * part can fail to render (a fault of ours). The part's box tells the two apart and names the
 * part: only a load that failed asks the visitor to check the connection. 'Erneut versuchen'
 * loads the chunk again after a failed load (React.lazy keeps a failed load failed, so a retry
 * makes a new lazy component) and mounts the part afresh after a failed render; a failed load
 * is also tried again by itself when the browser reports that it is back online, and when a
 * load that failed out of sight comes into view (`OutOfSight`). What the
 * visitor entered lives in the store, so it survives either.
 */
import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
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

/** The failure of a part's loader: its code (or strings) did not arrive. */
class LoadFailure extends Error {}

/** The loader, with its failures marked as failed loads (not faults of the part itself). */
export function partLoader<T>(load: () => Promise<T>): () => Promise<T> {
  return () => load().catch((cause: unknown) => Promise.reject(new LoadFailure('load', { cause })));
}

/** What names the part in its box: a key of `parts` (the article is part of the name). */
export type PartName = 'map' | 'contactForm' | 'checks' | 'page' | 'part';

/** What failed, as the message that says so: the code's load, or the part's render. */
type Failure = 'errors.partLoadFailed' | 'errors.partBroken';

interface BoundaryProps {
  part: PartName;
  children: ReactNode;
  onReload(): void;
}

class PartBoundary extends Component<BoundaryProps, { failed: Failure | null }> {
  override state: { failed: Failure | null } = { failed: null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof LoadFailure ? 'errors.partLoadFailed' : 'errors.partBroken' };
  }

  override componentDidCatch(error: unknown) {
    // eslint-disable-next-line no-console -- product 8.15, 8.17: the failure goes to the console
    console.warn('[immosuite] a part of the widget failed', error);
  }

  /** 'Erneut versuchen', the browser back online, or a load that failed out of sight shown. */
  retry = () => {
    if (this.state.failed === 'errors.partLoadFailed') this.props.onReload();
    // The part's tree went with the failure: it mounts afresh.
    this.setState({ failed: null });
  };

  override render() {
    const { failed } = this.state;
    if (failed) return <Failed failure={failed} part={this.props.part} onRetry={this.retry} />;
    return this.props.children;
  }
}

/**
 * True inside a part of the screen prepared out of sight (a wizard's next step, kept hidden in
 * an <Activity>): a load that failed there is tried again by itself as it comes into view, as
 * it may have failed while the connection was gone and the visitor never saw it fail.
 */
export const OutOfSight = createContext(false);

function Failed({ failure, part, onRetry }: { failure: Failure; part: PartName; onRetry(): void }) {
  const { t } = useTranslation();
  // Whether the failure happened out of sight (the first render's answer is kept).
  const [outOfSight] = useState(useContext(OutOfSight));
  useEffect(() => {
    if (failure === 'errors.partBroken') return;
    // Effects run once the box is in view (not while an <Activity> keeps it hidden).
    if (outOfSight) onRetry();
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [failure, onRetry, outOfSight]);
  return (
    <Alert $severity="error" role="alert">
      <p>{t(failure, { part: t(`parts.${part}`) })}</p>
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
  part = 'part',
  fallback = null,
}: {
  /** Makes the lazy component (its loader wrapped in partLoader); called again on a reload. */
  create(previous?: LazyComponent): LazyComponent;
  children(Part: LazyComponent): ReactNode;
  part?: PartName;
  fallback?: ReactNode;
}) {
  const [Part, setPart] = useState(() => create());
  return (
    <PartBoundary part={part} onReload={() => setPart(create)}>
      <Suspense fallback={fallback}>{children(Part)}</Suspense>
    </PartBoundary>
  );
}

/** A lazy component that can be retried after its chunk failed to load or to render. */
export function retryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  part: PartName = 'part',
) {
  const loader = partLoader(load);
  function RetryablePart(props: P & { fallback?: ReactNode }) {
    const { fallback, ...rest } = props;
    return (
      <LazyBoundary create={() => lazy(loader)} part={part} fallback={fallback}>
        {(Part) => <Part {...(rest as P)} />}
      </LazyBoundary>
    );
  }
  return RetryablePart;
}
