/**
 * @jest-environment node
 *
 * A delivery its contact's erasure cleared (docs/security.md#erasure) is never sent again:
 * 'Erneut senden' on it is a 409 `delivery_erased` that says why, and it stays as it was.
 */
import { conforms } from '../../test/server/requests';
import {
  contact,
  keyOf,
  lead,
  mailTo,
  PREFIX,
  staffSignIn,
  startTestServer,
} from '../../test/server/testServer';

const API = '/agency/api';
const STAFF = 'anna@makler.example';

describe('an erased delivery', () => {
  it('cannot be sent again, and says why', async () => {
    const server = await startTestServer({ AGENCY_USERS: STAFF });
    try {
      const staff = await staffSignIn(server, STAFF);
      const visitor = server.client();
      const sent = await visitor.post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
        contact: contact(),
        lead: lead(),
      });
      const mail = await mailTo(server, (m) => m.to === contact().email);
      await visitor.post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(mail.links[0]!) });
      const detail = await staff.get<{ deliveries: { id: number }[] }>(
        `${API}/submissions/${sent.body.uuid}`,
      );
      const id = detail.body.deliveries[0]!.id;
      // The agency's notice failed, as a mail server that refused it would leave it.
      await server.app.sql.run(`UPDATE deliveries SET status = 'failed' WHERE id = ?`, id);
      expect((await staff.del(`${API}/submissions/${sent.body.uuid}/contact`)).status).toBe(200);

      const path = `/agency/api/deliveries/{id}/retry`;
      const answer = await staff.post(`${API}/deliveries/${id}/retry`, undefined);
      conforms('post', path, answer);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'delivery_erased',
        message: expect.stringContaining('gelöscht'),
      });
      const english = await staff.post(`${API}/deliveries/${id}/retry`, undefined, {
        'Accept-Language': 'en',
      });
      expect(english.body).toMatchObject({ message: expect.stringContaining('erased') });
      const row = await server.app.sql.one<{ status: string; payload: string }>(
        'SELECT status, payload FROM deliveries WHERE id = ?',
        id,
      );
      expect(row).toEqual({ status: 'failed', payload: '' });
    } finally {
      await server.close();
    }
  });
});
