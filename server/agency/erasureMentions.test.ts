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
