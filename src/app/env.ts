/**
 * Everything the sagas touch outside the store, passed in as the saga context so that tests
 * (and the QA replay) run the real sagas against fakes, and no reducer ever sees the world.
 */
import { request } from '../api/client';
import { languageFromTag, type Language } from '../i18n/language';
import { parseAllowList } from '../host/protocol';
import { MIN_FILL_MS } from '../../contract/contact';

export interface HostWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface AppEnv {
  /** Origin of the widget and of the backend that serves it. */
  origin: string;
  cookies(): string;
  request: typeof request;
  /** Where message events arrive, and 'online' (the widget's own window). */
  messages: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The embedding page's window; null when the widget is opened on its own. */
  parent: HostWindow | null;
  allowList: string[];
  observeHeight(listener: (height: number) => void): () => void;
  /** Language asked for by the iframe URL (`lang`), used until init names one. */
  urlLanguage: Language;
  /** Query parameters of the iframe URL (e.g. `order`), read once at start. */
  query: Record<string, string>;
  /** Takes a used parameter (the login key `k`) out of the frame's address. */
  forgetQueryParam(name: string): void;
  /** Loads the language's strings if need be and switches to it. */
  setLanguage(language: Language): void | Promise<void>;
  /** Field definitions cache (product 7.3: local storage). */
  localStore: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Wizard drafts, so that a reload of the frame loses nothing. */
  sessionStore: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now(): number;
  /**
   * The least time between a form appearing and its send: a quicker send waits until then
   * (decision 191). The contract's MIN_FILL_MS, which the server's bot check never exceeds.
   */
  minFillMs: number;
  /** Resolves once the browser has painted what the current task changed. */
  afterPaint(): Promise<void>;
  /**
   * The page's visibility, for tests to set; without it the document's is read (app/visibility.ts,
   * in the chunk of the one screen that needs it).
   */
  visibility?: PageVisibility;
  log(message: string, detail?: unknown): void;
  /** The QA action recorder (decision 17), for the host page's QA commands. */
  qa: QaControl | null;
}

export interface PageVisibility {
  /** Whether the page is hidden (a background tab, a minimised window). */
  hidden(): boolean;
  /** Calls back when the page is hidden or shown; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export interface QaControl {
  start(): void;
  readonly recording: boolean;
  readonly size: number;
  /** The log, or a promise of it while the export code loads. */
  exportLog(options: { redact: boolean }): unknown;
}

/**
 * Measures the height the document needs (decision 21): the body's box, which holds its
 * children's margins (GlobalStyle: flow-root), plus its own margins; never the viewport's,
 * which would loop.
 */
function documentHeight(doc: Document = document): number {
  const { body } = doc;
  const style = doc.defaultView?.getComputedStyle(body);
  const margins = style ? parseFloat(style.marginTop) + parseFloat(style.marginBottom) : 0;
  return Math.ceil(body.getBoundingClientRect().height + (Number.isFinite(margins) ? margins : 0));
}

function observeBodyHeight(listener: (height: number) => void): () => void {
  const measure = () => listener(documentHeight());
  if (typeof ResizeObserver === 'function') {
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }
  const observer = new MutationObserver(measure);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  window.addEventListener('resize', measure);
  measure();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', measure);
  };
}

/** Storage may be refused (third-party frame, private mode): then the widget works without. */
function safeStorage(get: () => Storage): Storage | null {
  try {
    const storage = get();
    storage.setItem('immosuite.probe', '1');
    storage.removeItem('immosuite.probe');
    return storage;
  } catch {
    return null;
  }
}

export function browserEnv(setLanguage: AppEnv['setLanguage'], qa: QaControl | null): AppEnv {
  const query = Object.fromEntries(new URLSearchParams(window.location.search));
  const meta = document.querySelector<HTMLMetaElement>('meta[name="immosuite:allowed-origins"]');
  return {
    origin: window.location.origin,
    cookies: () => document.cookie,
    request,
    messages: window,
    parent: window.parent !== window ? window.parent : null,
    allowList: parseAllowList(meta?.content, window.location.origin),
    observeHeight: observeBodyHeight,
    urlLanguage: languageFromTag(query.lang),
    query,
    forgetQueryParam(name) {
      const url = new URL(window.location.href);
      if (!url.searchParams.has(name)) return;
      url.searchParams.delete(name);
      window.history.replaceState(window.history.state, '', url);
    },
    setLanguage,
    localStore: safeStorage(() => window.localStorage),
    sessionStore: safeStorage(() => window.sessionStorage),
    now: () => Date.now(),
    minFillMs: MIN_FILL_MS,
    // The frame's paint comes after the next animation frame; a task queued there runs after it.
    afterPaint: () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    // eslint-disable-next-line no-console -- product 8.12–8.14: some failures are only logged
    log: (message, detail) => console.warn(`[immosuite] ${message}`, detail ?? ''),
    qa,
  };
}
