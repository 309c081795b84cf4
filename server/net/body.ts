/**
 * Reading what another server answers (a webhook receiver, an upstream geocoder) without
 * trusting its size: at most `max` bytes of a fetch Response's body are ever read. Imports
 * nothing of the server, so every layer may use it.
 */

/** What to do with a body longer than the limit: keep its first bytes, or refuse it whole. */
export type WhenLonger = 'cut' | 'refuse';

/**
 * The body of `response` as text, reading at most `max` bytes: with `'cut'` its first `max`
 * bytes, with `'refuse'` null when it is longer (a declared Content-Length over `max` is
 * refused before a byte is read). The transfer is ended once enough was read, so a server
 * that offers gigabytes sends no more than the socket buffers take.
 */
export async function readBody(response: Response, max: number, longer: 'cut'): Promise<string>;
export async function readBody(
  response: Response,
  max: number,
  longer: 'refuse' | WhenLonger,
): Promise<string | null>;
export async function readBody(
  response: Response,
  max: number,
  longer: WhenLonger,
): Promise<string | null> {
  if (!response.body) return '';
  if (longer === 'refuse' && Number(response.headers.get('content-length') ?? NaN) > max) {
    await response.body.cancel().catch(() => {});
    return null;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // To refuse, one byte past the limit tells a longer body from one of exactly `max`.
    while (longer === 'cut' ? size < max : size <= max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    // Ends the transfer (and its connection) when more was offered.
    await reader.cancel().catch(() => {});
  }
  if (size > max && longer === 'refuse') return null;
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, max));
}
