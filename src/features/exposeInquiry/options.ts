/** What the listing-inquiry page is about (product 2.4.1): `objectId` and `customObjectId`. */
import type { AppConfig } from '../../host/config';

export interface ExposeTarget {
  /** A positive integer, or null when the page was given none (or nonsense). */
  objectId: number | null;
  /** The agency's own reference for the listing, shown to the visitor and used as the tracking label. */
  customObjectId: string | null;
}

const OBJECT_ID = /^\s*[1-9]\d{0,15}\s*$/;
const CUSTOM_ID_MAX = 100;

/**
 * Read from the page's own options (`options.exposeInquiryWizard`) or the query the embed
 * script forwards from the host page. Untrusted: anything but a positive integer is no id.
 */
export function parseExposeTarget(config: Pick<AppConfig, 'options' | 'query'>): ExposeTarget {
  const raw = config.options.screens.exposeInquiryWizard;
  const own =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {};
  const objectIdRaw = own.objectId ?? config.query.objectId;
  const text = typeof objectIdRaw === 'number' ? String(objectIdRaw) : objectIdRaw;
  const objectId =
    typeof text === 'string' && OBJECT_ID.test(text) && Number.isSafeInteger(Number(text))
      ? Number(text)
      : null;
  const customRaw = own.customObjectId ?? config.query.customObjectId;
  const custom = typeof customRaw === 'string' ? customRaw.trim() : '';
  return {
    objectId,
    customObjectId: custom && custom.length <= CUSTOM_ID_MAX ? custom : null,
  };
}
