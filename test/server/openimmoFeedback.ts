/**
 * OpenImmo-Feedback 1.2.7 for tests: the XML parsed by a conforming XML parser (jsdom's), and
 * checked against the format's structure, transcribed from its public description (the
 * element sequences of openimmo_feedback, sender, objekt and interessent: names, order, how
 * often each may stand, every leaf an xs:string).
 */
import { JSDOM } from 'jsdom';

type Content = 'text' | 'any' | Particle[];
type Particle = [name: string, min: number, max: number, content: Content];
const many = Infinity;

const INTERESSENT: Particle[] = [
  ['int_id', 0, 1, 'text'],
  ['anrede', 0, 1, 'text'],
  ['vorname', 0, 1, 'text'],
  ['nachname', 0, 1, 'text'],
  ['firma', 0, 1, 'text'],
  ['strasse', 0, 1, 'text'],
  ['postfach', 0, 1, 'text'],
  ['plz', 0, 1, 'text'],
  ['ort', 0, 1, 'text'],
  ['tel', 0, 1, 'text'],
  ['fax', 0, 1, 'text'],
  ['mobil', 0, 1, 'text'],
  ['email', 0, 1, 'text'],
  ['bevorzugt', 0, many, 'any'],
  ['wunsch', 0, many, 'any'],
  ['anfrage', 0, 1, 'text'],
  ['user_defined_extend', 0, many, 'any'],
];

const OBJEKT: Particle[] = [
  ['portal_unique_id', 0, 1, 'text'],
  ['portal_obj_id', 0, 1, 'text'],
  ['anbieter_id', 0, 1, 'text'],
  ['oobj_id', 0, 1, 'text'],
  ['zusatz_refnr', 0, 1, 'text'],
  ['expose_url', 0, 1, 'text'],
  ['vermarktungsart', 0, many, 'text'],
  ['bezeichnung', 0, 1, 'text'],
  ['etage', 0, 1, 'text'],
  ['whg_nr', 0, 1, 'text'],
  ['strasse', 0, 1, 'text'],
  ['ort', 0, 1, 'text'],
  ['land', 0, 1, 'text'],
  ['stadtbezirk', 0, 1, 'text'],
  ['preis', 0, 1, 'text'],
  ['gebot', 0, 1, 'text'],
  ['wae', 0, 1, 'text'],
  ['anzahl_zimmer', 0, 1, 'text'],
  ['flaeche', 0, 1, 'text'],
  ['interessent', 1, many, INTERESSENT],
  ['user_defined_extend', 0, many, 'any'],
];

const SENDER: Particle[] = [
  ['name', 1, 1, 'text'],
  ['openimmo_anid', 0, 1, 'text'],
  ['datum', 1, 1, 'text'],
  ['makler_id', 1, 1, 'text'],
  ['regi_id', 0, 1, 'text'],
];

const FEEDBACK: Particle[] = [
  ['version', 1, 1, 'text'],
  ['sender', 1, 1, SENDER],
  ['objekt', 0, many, OBJEKT],
  ['fehlerliste', 0, many, 'any'],
  ['status', 0, many, 'any'],
];

/** What in `element` breaks the structure `content` (empty: it conforms). */
function check(element: Element, content: Content, path: string): string[] {
  if (content === 'any') return [];
  const children = Array.from(element.children);
  if (content === 'text')
    return children.length ? [`${path} is text, but holds <${children[0]!.tagName}>`] : [];
  const errors: string[] = [];
  const stray = Array.from(element.childNodes).find(
    (node) => node.nodeType === 3 && node.textContent!.trim() !== '',
  );
  if (stray) errors.push(`${path} holds text outside its elements: '${stray.textContent}'`);
  let at = 0;
  for (const [name, min, max, inner] of content) {
    let count = 0;
    while (at < children.length && children[at]!.tagName === name && count < max) {
      errors.push(...check(children[at]!, inner, `${path}/${name}`));
      at += 1;
      count += 1;
    }
    if (count < min) errors.push(`${path} lacks <${name}>`);
  }
  if (at < children.length)
    errors.push(`${path} has <${children[at]!.tagName}> where the format has none (or not here)`);
  return errors;
}

/** The feedback parsed: throws with the parser's message when the text is not well-formed XML. */
export function parseFeedback(xml: string): Document {
  const { DOMParser } = new JSDOM('').window;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

/** Where the document breaks OpenImmo-Feedback 1.2.7's structure (empty: it conforms). */
export function feedbackErrors(doc: Document): string[] {
  const root = doc.documentElement;
  if (root.tagName !== 'openimmo_feedback')
    return [`the root is <${root.tagName}>, not <openimmo_feedback>`];
  return check(root, FEEDBACK, 'openimmo_feedback');
}

/** The text of the first `name` under `parent` (null: none). */
export const textOf = (parent: Document | Element, name: string) =>
  parent.getElementsByTagName(name)[0]?.textContent ?? null;
