/**
 * The embed script an agency pastes into its page. No dependencies. It creates one iframe per
 * placeholder element, answers the widget's 'ready' with init (addressed to the widget's
 * origin only), follows its height, scrolls on request, forwards tracking to the page's
 * analytics and counts the wizards' steps for the agency's funnel (unless data-analytics="off").
 * Several widgets on one page each keep their own channel.
 *
 *   <div data-immosuite-widget="lead-wizard" data-title="Immobilie bewerten"></div>
 *   <script src="https://agency.example/webapp/static/embed.js" async></script>
 */
import { funnelBeacon } from '../contract/funnel';
import { hostMessage, parseWidgetEnvelope, type TrackingPayload } from '../src/host/protocol';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';

export interface EmbedOptions {
  /** Widget route: lead-wizard, saved-search-wizard, expose-inquiry-wizard, … */
  route: string;
  /** Accessible title of the iframe. */
  title?: string;
  /** Height reserved until the widget reports its own (px; by default its first screen's). */
  minHeight?: number;
  /** Page language; defaults to the page's <html lang>. */
  lang?: string;
  nonce?: string;
  /** Widget config (mapCenter, mapZoom, privacyUrl, submitUrl, defaultMessage, theme, …). */
  config?: Record<string, unknown>;
  /** Extra query parameters for the widget (e.g. objectId, customObjectId, k, order). */
  params?: Record<string, string>;
  onTracking?: (payload: TrackingPayload) => void;
  /**
   * The wizards' drop-off funnel (on unless false; `data-analytics="off"`): the widget's
   * server counts this wizard shown and each step reached, by wizard and step only.
   */
  analytics?: boolean;
  /** A wizard without its contact step was saved: the lead or saved search it assembled. */
  onSave?: (assembled: unknown) => void;
}

export interface EmbedHandle {
  iframe: HTMLIFrameElement;
  destroy(): void;
  /** QA (decision 17): starts recording the widget's actions. */
  startRecording(): void;
  /**
   * QA: the widget's action log (personal data redacted unless `redact: false`); rejects
   * when the widget does not answer within 10 s or has nothing to export.
   */
  exportLog(options?: { redact?: boolean }): Promise<unknown>;
}

const EXPORT_TIMEOUT_MS = 10_000;
/** How long a widget may take to say it is ready before the page's developer is told why. */
export const READY_TIMEOUT_MS = 10_000;

interface HostWindowConfig {
  privacyUrl?: string;
  nonce?: string;
  [key: string]: unknown;
}

type AnalyticsWindow = Window & {
  dataLayer?: unknown[];
  _paq?: unknown[];
  immosuiteConfig?: HostWindowConfig;
  Immosuite?: { mount: typeof mount; version: number };
};

const win = window as AnalyticsWindow;
/**
 * The height each route's first screen takes (px), narrow (a phone, up to 600 px wide) and
 * wide, as measured on the demo pages: reserved until the widget reports its own, the frame's
 * loading shell fills it, and the page below does not jump when the app arrives.
 */
const FIRST_SCREEN_HEIGHT: Record<string, [narrow: number, wide: number]> = {
  'lead-wizard': [880, 580],
  'saved-search-wizard': [1370, 1510],
  'expose-inquiry-wizard': [1600, 990],
  'contact-form-wizard': [1490, 900],
  'newsletter-wizard': [1370, 770],
  login: [330, 280],
};
const DEFAULT_MIN_HEIGHT = 480;

/** The height to reserve for a route in a placeholder this wide. */
export function reservedHeight(route: string, width: number): number {
  const heights = FIRST_SCREEN_HEIGHT[route];
  if (!heights) return DEFAULT_MIN_HEIGHT;
  return width > 0 && width <= 600 ? heights[0] : heights[1];
}
const DEFAULT_TITLE = 'Immosuite';
/** Host-page query parameters a widget route reads, forwarded into the iframe URL. */
/** Room left below a spot the widget asks to bring into view. */
const SCROLL_MARGIN_PX = 16;

/** How often at most the visible part of the frame is reported while the page scrolls. */
const VIEWPORT_THROTTLE_MS = 100;

const FORWARDED_PARAMS = ['objectId', 'customObjectId', 'k', 'order'];
const ROUTE = /^[a-z][a-z-]{0,40}$/;

const script = document.currentScript as HTMLScriptElement | null;
// embed.js lives in the widget's static folder: /webapp/static/embed.js → /webapp/
const scriptUrl = new URL(script?.src || '/webapp/static/embed.js', window.location.href);
const widgetBase = new URL('../', scriptUrl);
const widgetOrigin = widgetBase.origin;

function parseJson(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Where the step beacons go: the widget's server (server/api/funnel.ts). */
const funnelUrl = new URL('/funnel', widgetOrigin).href;

/**
 * Counts a wizard's stage on the widget's server, at most once per stage and frame: a wizard
 * and a stage of contract/funnel.ts, nothing else. sendBeacon sends it as text/plain (no
 * preflight) even while the page unloads; where there is none, nothing is counted.
 */
function countStage(route: string, stage: string, counted: Set<string>) {
  const beacon = funnelBeacon(route, stage);
  if (!beacon || counted.has(stage) || typeof navigator.sendBeacon !== 'function') return;
  counted.add(stage);
  try {
    navigator.sendBeacon(funnelUrl, JSON.stringify(beacon));
  } catch {
    // A page that blocks it (a content security policy) loses the count, nothing else.
  }
}

/** The frame's loading shell's texts ([de, en]): the app's title, each route's, 'Wird geladen …'. */
const SHELL_TEXTS = {
  title: [de.app.title, en.app.title],
  loading: [de.app.loading, en.app.loading],
  routes: [de.routes, en.routes] as Record<string, string>[],
};
const SHELL_FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

/**
 * The frame's loading shell (src/index.html) drawn in the page over the frame's box until the
 * frame has painted its own: the same bar, title and text at the same places, in the page's
 * language, so that the box is not blank while the frame's page is on its way, and the
 * hand-over does not show. Text only (textContent), styled inline against the page's styles;
 * hidden from screen readers, which read the frame's own.
 */
function drawShell(route: string, lang: string, width: number, height: number): HTMLElement {
  const english = /^en/i.test(lang) ? 1 : 0;
  const edge = width > 0 && width <= 600 ? 12 : 16;
  const box = (css: string, text?: string) => {
    const element = document.createElement('div');
    element.style.cssText = `all:unset;display:block;${css}`;
    if (text !== undefined) element.textContent = text;
    return element;
  };
  const shell = box(
    `all:initial;display:block;height:${height}px;margin-bottom:-${height}px;position:relative;z-index:1;overflow:hidden;pointer-events:none;font-family:${SHELL_FONT};font-size:16px;color:#1d1d1f;line-height:1.5`,
  );
  shell.setAttribute('aria-hidden', 'true');
  const track = box('position:relative;overflow:hidden;height:4px;background:#1f5f8b33');
  const bar = box('height:100%;width:40%;background:#1f5f8b');
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) bar.style.width = '100%';
  else
    bar.animate?.([{ transform: 'translateX(-100%)' }, { transform: 'translateX(250%)' }], {
      duration: 1200,
      iterations: Infinity,
      easing: 'ease-in-out',
    });
  track.append(bar);
  const screen = route.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  shell.append(
    track,
    box(
      `font-size:24px;font-weight:700;margin:${edge}px ${edge}px 4px`,
      SHELL_TEXTS.routes[english]![screen] ?? SHELL_TEXTS.title[english],
    ),
    box(`margin:0 ${edge}px ${edge}px;color:#5f6368`, SHELL_TEXTS.loading[english]),
  );
  return shell;
}

function forwardTracking(iframe: HTMLIFrameElement, route: string, payload: TrackingPayload) {
  const { event, label, waitingBuyers } = payload;
  if (Array.isArray(win.dataLayer)) {
    // Every key each time: GTM keeps a key's last value until it is pushed again.
    win.dataLayer.push({
      event: 'immosuite',
      immosuiteEvent: event,
      immosuiteLabel: label ?? null,
      immosuiteRoute: route,
      immosuiteWaitingBuyers: waitingBuyers ?? null,
    });
  }
  if (Array.isArray(win._paq)) {
    // Matomo's event value is a number: the waiting buyers, under the event name 'waitingBuyers'.
    win._paq.push(
      typeof waitingBuyers === 'number'
        ? ['trackEvent', 'Immosuite', event, label ?? 'waitingBuyers', waitingBuyers]
        : label
          ? ['trackEvent', 'Immosuite', event, label]
          : ['trackEvent', 'Immosuite', event],
    );
  }
  const detail = { event, label, route, ...(event === 'LeadWizard' ? { waitingBuyers } : {}) };
  iframe.dispatchEvent(new CustomEvent('immosuite:tracking', { bubbles: true, detail }));
}

export function mount(target: HTMLElement, options: EmbedOptions): EmbedHandle {
  if (!ROUTE.test(options.route)) throw new Error(`Immosuite: unknown route "${options.route}"`);
  const hostConfig = win.immosuiteConfig ?? {};
  const lang = options.lang || document.documentElement.lang || 'de';
  const config: Record<string, unknown> = { ...options.config };
  // product 3.13: privacyUrl falls back to the host window's config.
  if (config.privacyUrl === undefined && typeof hostConfig.privacyUrl === 'string') {
    config.privacyUrl = hostConfig.privacyUrl;
  }
  const nonce =
    options.nonce ?? (typeof hostConfig.nonce === 'string' ? hostConfig.nonce : undefined);

  const url = new URL(options.route, widgetBase);
  url.searchParams.set('lang', lang);
  const pageParams = new URLSearchParams(window.location.search);
  for (const name of FORWARDED_PARAMS) {
    const value = pageParams.get(name);
    // The mailed key is the login route's alone.
    if (value && (name !== 'k' || options.route === 'login')) url.searchParams.set(name, value);
  }
  for (const [name, value] of Object.entries(options.params ?? {}))
    url.searchParams.set(name, value);
  // A mailed key works once: it goes to the frame and leaves this page's address (and history).
  if (options.route === 'login' && pageParams.has('k')) {
    const here = new URL(window.location.href);
    here.searchParams.delete('k');
    window.history.replaceState(window.history.state, '', here);
  }

  const iframe = document.createElement('iframe');
  iframe.src = url.href;
  iframe.title = options.title || DEFAULT_TITLE;
  iframe.setAttribute('loading', 'eager');
  const height = options.minHeight ?? reservedHeight(options.route, target.clientWidth);
  iframe.style.cssText = `display:block;width:100%;border:0;height:${height}px;`;
  // The frame's shell, drawn here until the frame has painted its own (or has started, or
  // loaded, whichever comes first: a frame that never paints one still hands over).
  let shell: HTMLElement | null = drawShell(options.route, lang, target.clientWidth, height);
  const handOver = () => {
    shell?.remove();
    shell = null;
  };
  iframe.addEventListener('load', handOver);

  function send(data: unknown) {
    // Addressed to the widget's origin only: the init carries the session nonce.
    iframe.contentWindow?.postMessage(data, widgetOrigin);
  }

  // Stages this frame has counted (a visitor going back and forth counts each step once).
  const counted = new Set<string>();
  const count = (stage: string) => {
    if (options.analytics !== false) countStage(options.route, stage, counted);
  };

  const pendingExports = new Map<
    string,
    { resolve(log: unknown): void; reject(error: Error): void }
  >();
  let exportCount = 0;

  function onMessage(event: MessageEvent) {
    if (event.source !== iframe.contentWindow || event.origin !== widgetOrigin) return;
    const message = parseWidgetEnvelope(event.data);
    if (!message) return;
    switch (message.type) {
      case 'shell':
        handOver();
        break;
      case 'ready':
        handOver();
        clearTimeout(notReady);
        send(hostMessage('init', { language: lang, ...(nonce ? { nonce } : {}), config }));
        initialised = true;
        reportViewport(true);
        count('started');
        break;
      case 'size':
        iframe.style.height = `${message.payload.height}px`;
        break;
      case 'scroll': {
        const top = iframe.getBoundingClientRect().top;
        if (message.payload.align === 'end') {
          // A spot of the frame below the window (a message under the form) comes into view.
          const below = top + message.payload.top - window.innerHeight;
          if (below > 0)
            window.scrollTo({ top: window.scrollY + below + SCROLL_MARGIN_PX, behavior: 'smooth' });
        } else if (top < 0) {
          window.scrollTo({ top: window.scrollY + top + message.payload.top, behavior: 'smooth' });
        }
        break;
      }
      case 'step':
        count(message.payload.step);
        break;
      case 'tracking':
        forwardTracking(iframe, options.route, message.payload);
        options.onTracking?.(message.payload);
        break;
      case 'save':
        iframe.dispatchEvent(
          new CustomEvent('immosuite:save', { bubbles: true, detail: message.payload }),
        );
        options.onSave?.(
          'lead' in message.payload ? message.payload.lead : message.payload.savedSearch,
        );
        break;
      case 'qa-log': {
        const pending = pendingExports.get(message.payload.id);
        if (!pending) break;
        pendingExports.delete(message.payload.id);
        if ('log' in message.payload) pending.resolve(message.payload.log);
        else pending.reject(new Error(`Immosuite: ${message.payload.error}`));
        break;
      }
    }
  }

  /**
   * Tells the widget which part of the frame the visitor sees (dialogs open there), at most
   * once per VIEWPORT_THROTTLE_MS and only when it changed.
   */
  let lastViewport = '';
  /** The widget takes these only once it has its init. */
  let initialised = false;
  let viewportTimer: ReturnType<typeof setTimeout> | null = null;
  function reportViewport(now = false) {
    if (!initialised || !iframe.isConnected || (viewportTimer !== null && !now)) return;
    const run = () => {
      viewportTimer = null;
      const rect = iframe.getBoundingClientRect();
      const top = Math.max(0, -rect.top);
      const height = Math.max(0, Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0));
      const key = `${Math.round(top)}:${Math.round(height)}`;
      if (key === lastViewport) return;
      lastViewport = key;
      send(hostMessage('viewport', { top, height }));
    };
    if (now) run();
    else viewportTimer = setTimeout(run, VIEWPORT_THROTTLE_MS);
  }
  const onScroll = () => reportViewport();
  const visibility =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(onScroll, { threshold: [0, 0.25, 0.5, 0.75, 1] })
      : null;
  visibility?.observe(iframe);
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll, { passive: true });

  window.addEventListener('message', onMessage);
  target.append(shell, iframe);
  // A widget server that does not list this page's origin refuses to be framed here
  // (frame-ancestors), and an unreachable one never loads: either way the frame stays empty,
  // so the page's developer is told what to check.
  const notReady = setTimeout(() => {
    // eslint-disable-next-line no-console -- the agency's developer needs to see this
    console.error(
      `Immosuite: the widget from ${widgetOrigin} did not start on this page within 10 s. Is its server reachable, and does its ALLOWED_ORIGINS list ${window.location.origin}?`,
    );
  }, READY_TIMEOUT_MS);
  return {
    iframe,
    destroy() {
      clearTimeout(notReady);
      if (viewportTimer !== null) clearTimeout(viewportTimer);
      visibility?.disconnect();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      window.removeEventListener('message', onMessage);
      handOver();
      iframe.remove();
    },
    startRecording() {
      send(hostMessage('qa', { command: 'record' }));
    },
    exportLog(exportOptions = {}) {
      exportCount += 1;
      const id = `export-${exportCount}`;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pendingExports.delete(id);
          reject(new Error('Immosuite: the widget did not answer the export'));
        }, EXPORT_TIMEOUT_MS);
        pendingExports.set(id, {
          resolve: (log) => {
            clearTimeout(timer);
            resolve(log);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        send(hostMessage('qa', { command: 'export', id, redact: exportOptions.redact !== false }));
      });
    },
  };
}

function optionsFrom(element: HTMLElement): EmbedOptions {
  const data = element.dataset;
  const config = parseJson(data.config);
  const direct: [string, string | undefined][] = [
    ['mapCenter', data.mapCenter],
    ['mapZoom', data.mapZoom],
    ['privacyUrl', data.privacyUrl],
    ['submitUrl', data.submitUrl],
    ['defaultMessage', data.defaultMessage],
    ['appTitle', data.appTitle],
    ['mapConsent', data.mapConsent],
  ];
  for (const [key, value] of direct) if (value !== undefined) config[key] = value;
  if (data.order)
    config.options = { ...(config.options as object), leadWizard: { order: data.order } };
  const params: Record<string, string> = {};
  if (data.objectId) params.objectId = data.objectId;
  if (data.customObjectId) params.customObjectId = data.customObjectId;
  return {
    route: data.immosuiteWidget || 'lead-wizard',
    title: data.title,
    minHeight: data.minHeight ? Number(data.minHeight) || undefined : undefined,
    lang: data.lang,
    nonce: data.nonce,
    config,
    params,
    analytics: data.analytics !== 'off',
  };
}

function mountAll() {
  document.querySelectorAll<HTMLElement>('[data-immosuite-widget]').forEach((element) => {
    if (element.dataset.immosuiteMounted) return;
    element.dataset.immosuiteMounted = 'true';
    try {
      mount(element, optionsFrom(element));
    } catch (error) {
      // eslint-disable-next-line no-console -- the agency's developer needs to see this
      console.error(error);
    }
  });
}

win.Immosuite = { mount, version: 1 };
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();
