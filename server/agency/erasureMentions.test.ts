/**
 * @jest-environment node
 *
 * Staff erasing a contact are shown the notes on other contacts' submissions that name it (by
 * e-mail address, last name as a word, or phone number whatever its spacing), before in the
 * dialog's list and again in the erasure's answer; the contact's own submissions' notes go with
 * them and are not listed, and a note that only holds the name inside another word is not.
 */
import { responseConforms } from '../../contract/validator';
import {
  contact,
  lead,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const STAFF = 'team@makler.example';
const EMAIL = 'quirinella.vortmann@example.de';

let server: Server;
let staff: TestClient;
const uuids: Record<string, string> = {};

async function sendLead(email: string, fields: Record<string, string> = {}) {
  const sent = await server.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
    contact: contact({ email, ...fields }),
    lead: lead(),
  });
  expect(sent.status).toBe(201);
  return sent.body.uuid;
}

const note = async (uuid: string, text: string) => {
  const added = await staff.post<{ id: number }>(`/agency/api/submissions/${uuid}/notes`, { text });
  expect(added.status).toBe(201);
  return added.body.id;
};

beforeAll(async () => {
  server = await startTestServer({ AGENCY_USERS: STAFF });
  uuids.target = await sendLead(EMAIL, {
    firstname: 'Quirinella',
    lastname: 'Vortmann',
    phone: '0171 9384756',
  });
  uuids.first = await sendLead('erika@example.de');
  uuids.second = await sendLead('max@example.de', { firstname: 'Max', lastname: 'Muster' });
  staff = await staffSignIn(server, STAFF);
});
afterAll(() => server.close());

it('lists the notes elsewhere that name the contact, before and as it is erased', async () => {
  await note(uuids.target!, 'Frau Vortmann ruft zurück');
  const byName = await note(uuids.first!, 'Kennt FRAU VORTMANN, fragt nach ihr');
  await note(uuids.first!, 'Wohnt in der Vortmannstraße');
  const byPhone = await note(uuids.second!, 'Nachbarin erreichbar unter 0171-938 47 56');
  const byEmail = await note(uuids.second!, `Kopie an ${EMAIL.toUpperCase()} geschickt`);
  await note(uuids.second!, 'Rückruf morgen');

  const path = `/agency/api/submissions/${uuids.target}/contact/mentions`;
  const listed = await staff.get<{ mentions: unknown[] }>(path);
  expect(listed.status).toBe(200);
  expect(responseConforms('get', path, 200, listed.body)).toEqual({ ok: true });
  const expected = [
    { submission: uuids.first, by: ['name'], note: expect.objectContaining({ id: byName }) },
    { submission: uuids.second, by: ['phone'], note: expect.objectContaining({ id: byPhone }) },
    {
      submission: uuids.second,
      // The address holds the last name as a word of its own.
      by: ['email', 'name'],
      note: {
        id: byEmail,
        author: STAFF,
        text: `Kopie an ${EMAIL.toUpperCase()} geschickt`,
        createdAt: expect.any(String),
      },
    },
  ];
  expect(listed.body.mentions).toEqual(expected);

  const erasePath = `/agency/api/submissions/${uuids.target}/contact`;
  const erased = await staff.del<{ mentions: unknown[] }>(erasePath);
  expect(erased.status).toBe(200);
  expect(responseConforms('delete', erasePath, 200, erased.body)).toEqual({ ok: true });
  expect(erased.body.mentions).toEqual(expected);
  // The notes stay for staff to decide; the contact is gone.
  expect((await staff.get(path)).status).toBe(404);
  const detail = await staff.get<{ notes: { id: number }[] }>(
    `/agency/api/submissions/${uuids.second}`,
  );
  expect(detail.body.notes.map((n) => n.id)).toContain(byEmail);
});

it('lists nothing for a contact no other note names', async () => {
  const path = `/agency/api/submissions/${uuids.first}/contact/mentions`;
  const listed = await staff.get<{ mentions: unknown[] }>(path);
  expect(listed.body).toEqual({ mentions: [] });
});

it('finds a phone number written with a country code and brackets, and an address in brackets', async () => {
  const uuid = await sendLead('ottilie.quast@example.de', {
    lastname: 'Quast-Ebersberg',
    phone: '030 5550 1234',
  });
  const byPhone = await note(uuids.second!, 'Tochter: +49 (0)30 / 5550-1234, abends');
  const byAddress = await note(uuids.second!, 'Schreibt von <Ottilie.Quast@Example.de>.');
  const byName = await note(uuids.second!, 'Familie QUAST-EBERSBERG kennt den Eigentümer');
  await note(uuids.second!, 'Rückruf 030 5550 123 (andere Nummer)');
  await note(uuids.second!, 'Quastenflosser-Aquarium im Keller');
  const listed = await staff.get<{ mentions: { by: string[]; note: { id: number } }[] }>(
    `/agency/api/submissions/${uuid}/contact/mentions`,
  );
  expect(listed.body.mentions.map((m) => [m.note.id, m.by])).toEqual([
    [byPhone, ['phone']],
    [byAddress, ['email']],
    [byName, ['name']],
  ]);
});

it('finds the notes written before their terms once the server has started again', async () => {
  const uuid = await sendLead('hedwig.vollrath@example.de', { lastname: 'Vollrath' });
  const byName = await note(uuids.first!, 'Frau Vollrath fragt nach dem Keller');
  // As a database before the notes' terms held it: the note without them.
  await server.app.sql.run('DELETE FROM note_terms WHERE note_id = ?', byName);
  await server.app.sql.run('UPDATE submission_notes SET terms_written = 0 WHERE id = ?', byName);
  const path = `/agency/api/submissions/${uuid}/contact/mentions`;
  expect((await staff.get<{ mentions: unknown[] }>(path)).body.mentions).toEqual([]);
  await server.close();
  server = await startTestServer({ AGENCY_USERS: STAFF }, server.dataDir);
  staff = await staffSignIn(server, STAFF);
  const listed = await staff.get<{ mentions: { note: { id: number } }[] }>(path);
  expect(listed.body.mentions.map((m) => m.note.id)).toEqual([byName]);
});

it('finds a name with umlauts in any case, and a phone number in its international form, with any dash or space', async () => {
  const uuid = await sendLead('emre.oezdemir@example.de', {
    lastname: 'Özdemir',
    phone: '030 98765432',
  });
  const notes = [
    await note(uuids.second!, 'ÖZDEMIR rief an'),
    await note(uuids.second!, 'Erreichbar unter +49 30 98765432'),
    await note(uuids.second!, 'Büro 030\u201398765432'),
    await note(uuids.second!, 'Mobil 030\t9876\u00a05432'),
  ];
  await note(uuids.second!, 'Rückruf 030 9876543');
  const listed = await staff.get<{ mentions: { note: { id: number } }[] }>(
    `/agency/api/submissions/${uuid}/contact/mentions`,
  );
  expect(listed.body.mentions.map((m) => m.note.id)).toEqual(notes);
});
