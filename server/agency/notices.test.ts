/**
 * @jest-environment node
 */
import type { SubmissionRecord } from './records';
import { agencyNotice, escapeHtml, headerSafe } from './notices';

const hostile = '<script>alert("x")</script> & \'quoted\'';

const record: SubmissionRecord = {
  id: 7,
  uuid: '0190c1a2-0000-7000-8000-000000000007',
  kind: 'lead',
  confirmed: false,
  handling: 'new',
  language: 'de',
  createdAt: '2026-11-24T09:30:00.000Z',
  confirmedAt: null,
  contact: {
    salutation: 'Herr',
    firstname: hostile,
    lastname: 'Muster\r\nBcc: victim@example.de',
    email: 'max@example.de',
    phone: '',
    street: '',
    number: '',
    zip: '',
    city: '',
    company: '<b>Firma</b>',
  },
  consent: {
    boxes: { dataPrivacy: true, acceptContact: true, newsletter: false },
    at: '2026-11-24T09:30:00.000Z',
    textVersion: '2026-11-01',
  },
  message: `Zeile 1\n${hostile}`,
  lead: {
    objectType: 'LIVING',
    marketingType: 'rent',
    categoryId: 22332,
    category: 'Haus',
    address: {
      street: '<i>Weg</i>',
      number: '1',
      zip: '10115',
      city: 'Berlin',
      lat: 52.5,
      lng: 13.4,
      approximate: false,
    },
    fields: [{ name: 'price.price', label: 'Kaltmiete', text: '1.200 €' }],
  },
};

describe('agency notice', () => {
  it('escapes every typed value in the HTML part', () => {
    const { html, text } = agencyNotice(
      record,
      'https://makler.example/agency/submissions/x?a=1&b=2',
      0,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Firma</b>');
    expect(html).not.toContain('<i>Weg</i>');
    expect(html).toContain(escapeHtml(hostile));
    expect(html).toContain('&lt;b&gt;Firma&lt;/b&gt;');
    expect(html).toContain('href="https://makler.example/agency/submissions/x?a=1&amp;b=2"');
    // The text part keeps what was typed, as text.
    expect(text).toContain(`Nachricht:\nZeile 1\n${hostile}\n`);
    expect(text).toContain('Firma: <b>Firma</b>');
  });

  it('marks a notice before confirmation in its subject, and lets no field add a header', () => {
    const { subject } = agencyNotice(record, 'https://makler.example/agency/submissions/x', 0);
    expect(subject).toBe('Neue Anfrage (unbestätigt): Haus in 10115 Berlin');
    expect(agencyNotice({ ...record, lead: undefined, kind: 'contact' }, 'u', 0).subject).toBe(
      `Neue Kontaktnachricht (unbestätigt): Herr ${hostile} Muster Bcc: victim@example.de`,
    );
    expect(headerSafe('a\r\nb\u0000c\u007fd')).toBe('a b c d');
    expect(headerSafe('x'.repeat(500))).toHaveLength(200);
  });

  it('says what was and was not given: consent boxes, confirmation, text version', () => {
    const { text } = agencyNotice(record, 'u', 0);
    expect(text).toContain('Datenschutzerklärung akzeptiert: ja');
    expect(text).toContain('Newsletter gewünscht: nein');
    expect(text).toContain('Erteilt am: 24.11.2026, 10:30 Uhr');
    expect(text).toContain('Bestätigt: nein (unbestätigt)');
    expect(text).toContain('Kaltmiete: 1.200 €');
    expect(text).toContain('Koordinaten: 52.5, 13.4\n');
  });

  it("says 'ungefähr' for a position the visitor did not place", () => {
    const guessed = { ...record.lead!, address: { ...record.lead!.address, approximate: true } };
    const { text, html } = agencyNotice({ ...record, lead: guessed }, 'u', 0);
    expect(text).toContain('Koordinaten: 52.5, 13.4 (ungefähr)');
    expect(html).toContain('52.5, 13.4 (ungefähr)');
  });

  it("names a lead's matching saved searches, the real count however small", () => {
    for (const count of [0, 1, 14]) {
      const { text, html } = agencyNotice(record, 'u', count);
      expect(text).toContain(`Passende Suchprofile: ${count}\n`);
      expect(html).toMatch(new RegExp(`>Passende Suchprofile</th><td [^>]*>${count}</td>`));
    }
    // Not a lead: no such line.
    expect(
      agencyNotice({ ...record, lead: undefined, kind: 'contact' }, 'u', 3).text,
    ).not.toContain('Passende Suchprofile');
  });
});
