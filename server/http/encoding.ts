/**
 * Content negotiation of an answer's encoding (RFC 9110, 12.5.3 Accept-Encoding): each coding
 * a client lists may carry a weight `q` from 0 to 1 (1 when left out); `q=0` refuses it; `*`
 * stands for every coding it does not list; `identity` (no encoding) is acceptable unless
 * refused. `x-gzip` is gzip.
 */

/** The weight of each coding the header lists (lower case), `*` among them; a malformed weight refuses. */
function weights(header: string): Map<string, number> {
  const listed = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.exec(parameter);
      if (/^q\s*=/i.test(parameter)) q = match ? Number(match[1]) : 0;
    }
    const coding = name.toLowerCase() === 'x-gzip' ? 'gzip' : name.toLowerCase();
    // A coding listed twice keeps its higher weight.
    listed.set(coding, Math.max(q, listed.get(coding) ?? 0));
  }
  return listed;
}

/**
 * The coding to send, of `offered` (in the server's order of preference, e.g. ['br', 'gzip']),
 * or null for none (identity): the one the client weighs highest above 0, the server's order
 * deciding a tie; none when the client weighs identity higher. Without the header the answer
 * is sent as it is.
 */
export function chooseEncoding(
  header: string | string[] | undefined,
  offered: readonly string[],
): string | null {
  if (header === undefined) return null;
  const listed = weights(Array.isArray(header) ? header.join(',') : header);
  const star = listed.get('*');
  const weightOf = (coding: string) => listed.get(coding) ?? star ?? 0;
  let best: string | null = null;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weightOf(coding);
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  // identity outranks a coding only when the client weighs it (or `*`) higher.
  const identity = listed.get('identity') ?? star;
  return best !== null && !(identity !== undefined && identity > bestWeight) ? best : null;
}
