/**
 * The frame message protocol between the widget (in the iframe) and the embed script (on the
 * host page). Every message is wrapped in a versioned envelope; anything else is ignored.
 * This module is shared with the dependency-free embed script, so it imports nothing.
 */
export const PROTOCOL_VERSION = 1;
export const WIDGET_SOURCE = 'immosuite-widget';
export const HOST_SOURCE = 'immosuite-host';

/** Messages the host sends to the widget. */
/** `viewport`: the part of the frame the visitor sees (the embed script follows the page's scroll). */
export type HostMessageType = 'init' | 'qa' | 'viewport';
/** Messages the widget sends to the host. */
export type WidgetMessageType =
  'shell' | 'ready' | 'size' | 'tracking' | 'scroll' | 'step' | 'save' | 'qa-log';

/**
 * QA commands of the mount handle (decision 17): start recording, or export the log, which
 * comes back as 'qa-log' with the same id (to the init's origin only).
 */
export type QaCommand = { command: 'record' } | { command: 'export'; id: string; redact: boolean };

export interface Envelope<S extends string, T extends string, P> {
  source: S;
  version: number;
  type: T;
  payload: P;
}

export type HostEnvelope = Envelope<typeof HOST_SOURCE, HostMessageType, unknown>;

export interface TrackingPayload {
  event: TrackingEvent;
  label?: string;
  /**
   * LeadWizard only: how many saved searches wait for a property like the lead, as its owner
   * was shown it (3 or more); null when they were shown no number (docs/matching.md).
   */
  waitingBuyers?: number | null;
}
export const TRACKING_EVENTS = [
  'LeadWizard',
  'SavedSearchWizard',
  'immoObjectInquiry',
  'ContactFormWizard',
] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

export interface WidgetPayloads {
  /** The frame has painted its loading shell (index.html): the page's own copy may go. */
  shell: Record<string, never>;
  ready: Record<string, never>;
  size: { height: number };
  tracking: TrackingPayload;
  /**
   * Bring a spot of the frame into view: its top (a wizard's step change), or with `end` the
   * bottom of what lies above `top` (a message below the form).
   */
  scroll: { top: number; align?: 'end' };
  /** A wizard shows a step, by its id ('address'): no personal data (docs/agency.md#the-funnel). */
  step: { step: string };
  save: { lead: unknown } | { savedSearch: unknown };
  /** The exported action log, or why there is none. */
  'qa-log': { id: string; log: unknown } | { id: string; error: string };
}

export type WidgetEnvelope = {
  [T in WidgetMessageType]: Envelope<typeof WIDGET_SOURCE, T, WidgetPayloads[T]>;
}[WidgetMessageType];

export function widgetMessage<T extends WidgetMessageType>(
  type: T,
  payload: WidgetPayloads[T],
): Envelope<typeof WIDGET_SOURCE, T, WidgetPayloads[T]> {
  return { source: WIDGET_SOURCE, version: PROTOCOL_VERSION, type, payload };
}

export function hostMessage(type: HostMessageType, payload: unknown): HostEnvelope {
  return { source: HOST_SOURCE, version: PROTOCOL_VERSION, type, payload };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns the host envelope, or null for anything that is not one we understand. */
export function parseHostEnvelope(data: unknown): HostEnvelope | null {
  if (!isRecord(data)) return null;
  if (data.source !== HOST_SOURCE || data.version !== PROTOCOL_VERSION) return null;
  if (data.type !== 'init' && data.type !== 'qa' && data.type !== 'viewport') return null;
  if (!isRecord(data.payload)) return null;
  if (data.type === 'qa' && !parseQaCommand(data.payload)) return null;
  if (data.type === 'viewport' && !parseViewport(data.payload)) return null;
  return { source: HOST_SOURCE, version: PROTOCOL_VERSION, type: data.type, payload: data.payload };
}

const MAX_ID = 100;

/** A QA command from the host page, or null when it is not one. */
export function parseQaCommand(payload: unknown): QaCommand | null {
  if (!isRecord(payload)) return null;
  if (payload.command === 'record') return { command: 'record' };
  if (
    payload.command === 'export' &&
    typeof payload.id === 'string' &&
    payload.id.length > 0 &&
    payload.id.length <= MAX_ID
  )
    return { command: 'export', id: payload.id, redact: payload.redact !== false };
  return null;
}

/** The frame's visible part, in the frame's own pixels: where it starts and how high it is. */
export interface FrameViewport {
  top: number;
  height: number;
}

const MAX_FRAME_PX = 1_000_000;

export function parseViewport(payload: unknown): FrameViewport | null {
  if (!isRecord(payload)) return null;
  const { top, height } = payload;
  if (typeof top !== 'number' || typeof height !== 'number') return null;
  if (!Number.isFinite(top) || !Number.isFinite(height)) return null;
  if (top < 0 || height < 0 || top > MAX_FRAME_PX || height > MAX_FRAME_PX) return null;
  return { top: Math.round(top), height: Math.round(height) };
}

const MAX_LABEL = 200;

/** Returns the widget envelope, or null when it is malformed (used by the embed script). */
/** A step's id: a short word of letters and dashes. */
const STEP_ID = /^[a-z][a-zA-Z-]{0,39}$/;

export function parseWidgetEnvelope(data: unknown): WidgetEnvelope | null {
  if (!isRecord(data)) return null;
  if (data.source !== WIDGET_SOURCE || data.version !== PROTOCOL_VERSION) return null;
  const p = data.payload;
  if (!isRecord(p)) return null;
  switch (data.type) {
    case 'shell':
      return widgetMessage('shell', {});
    case 'ready':
      return widgetMessage('ready', {});
    case 'size':
      return typeof p.height === 'number' && Number.isFinite(p.height) && p.height >= 0
        ? widgetMessage('size', { height: Math.ceil(p.height) })
        : null;
    case 'scroll':
      if (typeof p.top !== 'number' || !Number.isFinite(p.top)) return null;
      return widgetMessage(
        'scroll',
        p.align === 'end' ? { top: p.top, align: 'end' } : { top: p.top },
      );
    case 'step':
      return typeof p.step === 'string' && STEP_ID.test(p.step)
        ? widgetMessage('step', { step: p.step })
        : null;
    case 'tracking': {
      if (!(TRACKING_EVENTS as readonly unknown[]).includes(p.event)) return null;
      const label =
        typeof p.label === 'string' && p.label.length <= MAX_LABEL ? p.label : undefined;
      const waiting = p.waitingBuyers;
      return widgetMessage('tracking', {
        event: p.event as TrackingEvent,
        ...(label !== undefined ? { label } : {}),
        // A count below 3, or one that is not a whole number, is no count an owner was shown.
        ...(p.event === 'LeadWizard' && 'waitingBuyers' in p
          ? {
              waitingBuyers:
                typeof waiting === 'number' && Number.isInteger(waiting) && waiting >= 3
                  ? waiting
                  : null,
            }
          : {}),
      });
    }
    case 'save':
      if ('lead' in p) return widgetMessage('save', { lead: p.lead });
      return 'savedSearch' in p ? widgetMessage('save', { savedSearch: p.savedSearch }) : null;
    case 'qa-log':
      if (typeof p.id !== 'string') return null;
      if (typeof p.error === 'string') return widgetMessage('qa-log', { id: p.id, error: p.error });
      return isRecord(p.log) ? widgetMessage('qa-log', { id: p.id, log: p.log }) : null;
    default:
      return null;
  }
}

/** Canonical origin of a URL-ish string, or null if it is not an http(s) origin. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Parses the allow-list (comma or whitespace separated origins). The widget's own origin is
 * always allowed. A literal '*' is not honoured: an open widget would hand its session nonce
 * to any page that frames it.
 */
export function parseAllowList(raw: string | null | undefined, ownOrigin: string): string[] {
  const origins = new Set<string>();
  const own = normalizeOrigin(ownOrigin);
  if (own) origins.add(own);
  for (const part of (raw ?? '').split(/[\s,]+/)) {
    if (!part) continue;
    const origin = normalizeOrigin(part);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

export function isAllowedOrigin(origin: unknown, allowList: readonly string[]): boolean {
  return typeof origin === 'string' && origin !== 'null' && allowList.includes(origin);
}
