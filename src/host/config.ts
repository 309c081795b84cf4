/**
 * Parses the init message's config. Every value from the host is untrusted: a bad value falls
 * back to its default and is reported in `warnings`, never thrown.
 */
import { languageFromTag, type Language } from '../i18n/language';
import { MAP } from '../ui/constants';
import { DEFAULT_THEME, type ThemeColors } from '../ui/theme';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface AppConfig {
  language: Language;
  mapCenter: LatLng;
  mapZoom: number;
  privacyUrl: string | null;
  submitUrl: string | null;
  defaultMessage: string;
  appTitle: string | null;
  theme: ThemeColors;
  tiles: { url: string; attribution: string } | null;
  /** decision 22: map tiles load only once the visitor agrees (remembered for the session). */
  mapConsent: boolean;
  geocoderUrl: string;
  options: {
    recordActions: boolean;
    /**
     * Each screen's own options (e.g. `leadWizard: {order}`), as plain JSON: the screen's
     * folder parses its part, so the host layer knows no screen.
     */
    screens: Record<string, unknown>;
  };
  /** Query parameters of the widget's own URL (e.g. `order`, `objectId`), read at start. */
  query: Record<string, string>;
}

export const DEFAULT_CONFIG: AppConfig = {
  language: 'de',
  mapCenter: { lat: 52.52, lng: 13.405 },
  mapZoom: MAP.defaultZoom,
  privacyUrl: null,
  submitUrl: null,
  defaultMessage: '',
  appTitle: null,
  theme: DEFAULT_THEME,
  tiles: null,
  mapConsent: false,
  geocoderUrl: '',
  options: { recordActions: false, screens: {} },
  query: {},
};

const MAX_TEXT = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseMapCenter(value: unknown): LatLng | null {
  let lat: number;
  let lng: number;
  if (typeof value === 'string') {
    const parts = value.split(',');
    if (parts.length !== 2) return null;
    lat = Number(parts[0]!.trim());
    lng = Number(parts[1]!.trim());
    if (parts[0]!.trim() === '' || parts[1]!.trim() === '') return null;
  } else if (isRecord(value)) {
    lat = Number(value.lat);
    lng = Number(value.lng);
  } else {
    return null;
  }
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

export function parseZoom(value: unknown): number | null {
  const zoom = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof zoom !== 'number' || !Number.isFinite(zoom)) return null;
  if (zoom < MAP.minZoom || zoom > MAP.maxZoom) return null;
  return Math.round(zoom);
}

/** http(s) URL, or a path relative to the widget's origin; nothing else (no javascript:). */
export function parseUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > MAX_TEXT) return null;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Tile template URLs keep their {z}/{x}/{y} placeholders, which URL() would escape. */
function parseTileUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const probe = value.replace(/\{[a-z]+\}/g, '0');
  return parseUrl(probe) ? value.trim() : null;
}

function parseText(value: unknown, max = MAX_TEXT): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/-]+\))$/i;

function parseTheme(value: unknown, warnings: string[]): ThemeColors {
  if (value === undefined) return DEFAULT_THEME;
  if (!isRecord(value)) {
    warnings.push('theme');
    return DEFAULT_THEME;
  }
  const theme = { ...DEFAULT_THEME };
  for (const key of Object.keys(DEFAULT_THEME) as (keyof ThemeColors)[]) {
    const colour = value[key];
    if (colour === undefined) continue;
    if (typeof colour === 'string' && CSS_COLOR.test(colour.trim())) theme[key] = colour.trim();
    else warnings.push(`theme.${key}`);
  }
  return theme;
}

export function parseBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}

const MAX_SCREEN_OPTIONS = 10_000;

/** The screens' options as plain JSON (no functions, dates or cycles), bounded in size. */
function parseScreenOptions(options: Record<string, unknown>, warnings: string[]) {
  const { recordActions: _recordActions, ...screens } = options;
  try {
    const json = JSON.stringify(screens);
    if (json.length <= MAX_SCREEN_OPTIONS) return JSON.parse(json) as Record<string, unknown>;
  } catch {
    // cyclic or otherwise not JSON: reported below
  }
  warnings.push('options');
  return {};
}

export interface ParsedInit {
  config: AppConfig;
  nonce: string | null;
  warnings: string[];
}

const NONCE = /^[A-Za-z0-9_-]{1,128}$/;

/** What the iframe URL says (`lang` and the rest of its query), used where init names nothing. */
export interface UrlDefaults {
  language: Language;
  query: Record<string, string>;
}

/** @param payload the init message payload (untrusted) */
export function parseInitPayload(
  payload: unknown,
  defaults: UrlDefaults = { language: 'de', query: {} },
): ParsedInit {
  const warnings: string[] = [];
  const raw = isRecord(payload) ? payload : {};
  const input = isRecord(raw.config) ? raw.config : {};

  function pick<T>(key: string, parse: (v: unknown) => T | null, fallback: T): T {
    const value = input[key];
    if (value === undefined || value === null || value === '') return fallback;
    const parsed = parse(value);
    if (parsed === null) {
      warnings.push(key);
      return fallback;
    }
    return parsed;
  }

  const options = isRecord(input.options) ? input.options : {};
  const tiles = isRecord(input.tiles) ? input.tiles : null;
  const tileUrl = tiles ? parseTileUrl(tiles.url) : null;
  if (tiles && !tileUrl) warnings.push('tiles.url');

  const language = raw.language !== undefined ? languageFromTag(raw.language) : defaults.language;
  const config: AppConfig = {
    language,
    mapCenter: pick('mapCenter', parseMapCenter, DEFAULT_CONFIG.mapCenter),
    mapZoom: pick('mapZoom', parseZoom, DEFAULT_CONFIG.mapZoom),
    privacyUrl: pick('privacyUrl', parseUrl, null),
    submitUrl: pick('submitUrl', parseUrl, null),
    defaultMessage: pick('defaultMessage', (v) => parseText(v), ''),
    appTitle: pick('appTitle', (v) => parseText(v, 120), null),
    theme: parseTheme(input.theme, warnings),
    tiles: tileUrl ? { url: tileUrl, attribution: parseText(tiles?.attribution, 500) ?? '' } : null,
    geocoderUrl: pick('geocoderUrl', parseUrl, ''),
    mapConsent: pick('mapConsent', parseBoolean, false),
    options: {
      recordActions: parseBoolean(options.recordActions) ?? false,
      screens: parseScreenOptions(options, warnings),
    },
    query: defaults.query,
  };
  const nonce = typeof raw.nonce === 'string' && NONCE.test(raw.nonce) ? raw.nonce : null;
  if (raw.nonce !== undefined && nonce === null) warnings.push('nonce');
  return { config, nonce, warnings };
}
