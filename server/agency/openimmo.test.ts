/**
 * @jest-environment node
 *
 * A submission as OpenImmo-Feedback 1.2.7 (docs/agency.md#openimmo-feedback): for a listing
 * inquiry, a contact message, a lead and a saved search, well-formed XML in the format's
 * structure with the visitor as interessent and what they typed intact, however hostile; none
 * for a newsletter setting.
 */
import { openimmoFeedback, OPENIMMO_FEEDBACK_VERSION, xmlText } from './openimmo';
import type { SubmissionRecord } from './records';
import { feedbackErrors, parseFeedback, textOf } from '../../test/server/openimmoFeedback';

const SENDER = { name: 'Makler & Söhne <GmbH>', openimmoAnid: 'A123456', maklerId: 'M-7' };
const BASE = 'https://makler.example';

function record(overrides: Partial<SubmissionRecord> = {}): SubmissionRecord {
  return {
    id: 1,
    uuid: '01900000-0000-7000-8000-000000000001',
    kind: 'contact',
    confirmed: true,
    handling: 'new',
    language: 'de',
    createdAt: '2026-11-26T10:00:00.000Z',
    confirmedAt: '2026-11-26T10:05:00.000Z',
    contact: {
      salutation: 'Frau',
      firstname: 'Erika',
      lastname: 'Mustermann',
      email: 'erika@example.de',
      phone: '030 1234567',
      street: 'Hauptstraße',
      number: '5',
      zip: '10115',
      city: 'Berlin',
      company: 'Muster GmbH',
    },
    consent: { boxes: { dataPrivacy: true }, at: '2026-11-26T10:00:00.000Z', textVersion: '1' },
    message: 'Rufen Sie mich an.',
    ...overrides,
  } as SubmissionRecord;
}

const INQUIRY = record({
  kind: 'exposeInquiry',
  message: 'Ist die Wohnung noch frei?',
  exposeInquiry: {
    objectId: 1,
    customObjectId: 'W-1001',
    title: 'Helle 3-Zimmer-Altbauwohnung',
    link: '/demo/expose-inquiry-wizard?objectId=1&customObjectId=W-1001',
  },
});

const LEAD = record({
  kind: 'lead',
  message: 'Bitte abends anrufen.',
  lead: {
    objectType: 'LIVING',
    marketingType: 'buy',
    categoryId: 30225,
    category: 'Etagenwohnung',
    address: {
      street: 'Kastanienallee',
      number: '12',
      zip: '10435',
      city: 'Berlin',
      lat: 52.5,
      lng: 13.4,
      approximate: false,
    },
    fields: [{ name: 'area.livingSpace', label: 'Wohnfläche', text: '82,5 m²' }],
  },
});

const SEARCH = record({
  kind: 'savedSearch',
  message: '',
  savedSearch: {
    uuid: 'x',
    objectType: 'LIVING',
    marketingType: 'rent',
    categoryId: 30225,
    category: 'Etagenwohnung',
    regions: ['Prenzlauer Berg', 'Mitte'],
    fields: [{ name: 'price.price', label: 'Preis', text: '500 € – 1.500 €' }],
  },
});

/** The feedback parsed and checked against the format's structure. */
function feedback(r: SubmissionRecord) {
  const xml = openimmoFeedback(r, SENDER, BASE);
  expect(xml).not.toBeNull();
  const doc = parseFeedback(xml!);
  expect(feedbackErrors(doc)).toEqual([]);
  return doc;
}

describe('OpenImmo-Feedback', () => {
  it('names the version, the agency as sender and the day of the inquiry', () => {
    const doc = feedback(INQUIRY);
    expect(textOf(doc, 'version')).toBe(OPENIMMO_FEEDBACK_VERSION);
    expect(OPENIMMO_FEEDBACK_VERSION).toBe('1.2.7');
    const sender = doc.getElementsByTagName('sender')[0]!;
    expect(textOf(sender, 'name')).toBe('Makler & Söhne <GmbH>');
    expect(textOf(sender, 'openimmo_anid')).toBe('A123456');
    expect(textOf(sender, 'datum')).toBe('26.11.2026');
    expect(textOf(sender, 'makler_id')).toBe('M-7');
  });

  it('leaves openimmo_anid out when none is configured, and keeps the required makler_id', () => {
    const xml = openimmoFeedback(INQUIRY, { ...SENDER, openimmoAnid: null, maklerId: '' }, BASE)!;
    const doc = parseFeedback(xml);
    expect(feedbackErrors(doc)).toEqual([]);
    expect(textOf(doc, 'openimmo_anid')).toBeNull();
    expect(textOf(doc, 'makler_id')).toBe('');
  });

  it('names the listing of an inquiry by its number and its page, with the visitor and the message', () => {
    const doc = feedback(INQUIRY);
    const objekt = doc.getElementsByTagName('objekt')[0]!;
    expect(textOf(objekt, 'oobj_id')).toBe('W-1001');
    expect(textOf(objekt, 'expose_url')).toBe(
      'https://makler.example/demo/expose-inquiry-wizard?objectId=1&customObjectId=W-1001',
    );
    const person = doc.getElementsByTagName('interessent')[0]!;
    expect(Array.from(person.children).map((e) => [e.tagName, e.textContent])).toEqual([
      ['anrede', 'Frau'],
      ['vorname', 'Erika'],
      ['nachname', 'Mustermann'],
      ['firma', 'Muster GmbH'],
      ['strasse', 'Hauptstraße 5'],
      ['plz', '10115'],
      ['ort', 'Berlin'],
      ['tel', '030 1234567'],
      ['email', 'erika@example.de'],
      ['anfrage', 'Ist die Wohnung noch frei?'],
    ]);
  });

  it('gives a contact message an objekt without a listing number', () => {
    const doc = feedback(record());
    expect(textOf(doc, 'oobj_id')).toBeNull();
    expect(textOf(doc, 'anfrage')).toBe('Rufen Sie mich an.');
    expect(textOf(doc, 'email')).toBe('erika@example.de');
  });

  it("carries a lead's property and a saved search's regions and ranges as the inquiry's text", () => {
    const lead = feedback(LEAD);
    expect(textOf(lead, 'vermarktungsart')).toBe('KAUF');
    expect(textOf(lead, 'anfrage')).toBe(
      [
        'Eigentümer möchte verkaufen: Etagenwohnung (Wohnen)',
        'Adresse: Kastanienallee 12, 10435 Berlin',
        'Wohnfläche: 82,5 m²',
        '',
        'Bitte abends anrufen.',
      ].join('\n'),
    );
    const search = feedback(SEARCH);
    expect(textOf(search, 'vermarktungsart')).toBe('MIETE_PACHT');
    expect(textOf(search, 'anfrage')).toBe(
      [
        'Suchprofil: Etagenwohnung (Wohnen) mieten',
        'Regionen: Prenzlauer Berg, Mitte',
        'Preis: 500 € – 1.500 €',
      ].join('\n'),
    );
  });

  it('is none for a newsletter setting', () => {
    expect(
      openimmoFeedback(
        record({ kind: 'newsletter', newsletter: { subscribed: true } }),
        SENDER,
        BASE,
      ),
    ).toBeNull();
  });

  it('keeps hostile input as text: markup, ]]>, quotes, control characters removed, a 200-character name', () => {
    const long = 'N'.repeat(200);
    const hostile = record({
      contact: {
        ...record().contact,
        firstname: '<b>Eve</b> & "Co"',
        lastname: long,
        company: "]]><x a='1'/>",
        email: 'eve@example.de',
      },
      message: 'a\u0000b\u0007c\u001bd\ttab\nzeile </anfrage><oobj_id>X</oobj_id> \ud800 ende',
    });
    for (const r of [
      hostile,
      { ...hostile, kind: 'exposeInquiry' as const, exposeInquiry: INQUIRY.exposeInquiry },
    ]) {
      const doc = feedback(r);
      expect(textOf(doc, 'vorname')).toBe('<b>Eve</b> & "Co"');
      expect(textOf(doc, 'nachname')).toBe(long);
      expect(textOf(doc, 'firma')).toBe("]]><x a='1'/>");
      expect(textOf(doc, 'anfrage')).toBe('abcd\ttab\nzeile </anfrage><oobj_id>X</oobj_id>  ende');
      expect(doc.getElementsByTagName('oobj_id').length).toBe(r.exposeInquiry ? 1 : 0);
      expect(doc.getElementsByTagName('x').length).toBe(0);
    }
  });

  it('escapes every markup character and drops what XML 1.0 does not allow', () => {
    expect(xmlText(`<&>"'\u0000\u000b\uffff\udc00ok\u{1F3E0}`)).toBe(
      '&lt;&amp;&gt;&quot;&apos;ok\u{1F3E0}',
    );
  });
});

describe('the structural check', () => {
  it('finds elements out of order, missing or unknown', () => {
    const xml = openimmoFeedback(INQUIRY, SENDER, BASE)!;
    const swapped = xml.replace(/(<vorname>.*<\/vorname>)\s*(<nachname>.*<\/nachname>)/, '$2$1');
    expect(feedbackErrors(parseFeedback(swapped)).length).toBeGreaterThan(0);
    const noName = xml.replace(/<name>.*<\/name>/, '');
    expect(feedbackErrors(parseFeedback(noName))).toContain(
      'openimmo_feedback/sender lacks <name>',
    );
    const unknown = xml.replace('<plz>', '<postleitzahl>1</postleitzahl><plz>');
    expect(feedbackErrors(parseFeedback(unknown)).join()).toMatch(/postleitzahl/);
    expect(() => parseFeedback(xml.replace('&amp;', '&'))).toThrow(/well-formed/);
  });
});
