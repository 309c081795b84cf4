/**
 * @jest-environment node
 *
 * The server's log at LOG_LEVEL=info names no contact data and no keys (docs/security.md#the-log):
 * real requests that carry a staff key, a contact's login key and searches by address and
 * name are logged with their query's values redacted.
 */
import { Writable } from 'node:stream';
import {
  contact,
  keyOf,
  mailTo,
  PREFIX,
  staffSignIn,
  startTestServer,
} from '../test/server/testServer';
import { loginKey } from '../test/server/requests';

const STAFF = 'anna@makler.example';

describe('the log', () => {
  it('names no key, address or name from a query or a path', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startTestServer({ AGENCY_USERS: STAFF }, undefined, 0, { logStream });
    try {
      const { login } = await loginKey(server, contact().email);
      const staff = await staffSignIn(server, STAFF);
      // A second sign-in link, opened as the mail's link is (its key in the address bar).
      await server.client().post('/agency/api/auth/email', { email: STAFF });
      const staffKey = keyOf(
        (await mailTo(server, (m) => m.to === STAFF && m.links.length > 0, 2)).links[0]!,
      );
      const secrets = [login, staffKey, contact().email, contact().lastname, STAFF];
      await fetch(`${server.base}/agency?k=${staffKey}`);
      await fetch(`${server.base}/demo/login?k=${login}&lang=en-US`);
      await staff.get(`/agency/api/submissions?q=${encodeURIComponent(contact().email)}`);
      await staff.get(`/agency/api/submissions?q=${contact().lastname}&kind=lead`);
      await staff.get(`/agency/api/submissions.csv?assignee=${encodeURIComponent(STAFF)}`);
      await staff.get(`${PREFIX}/v1/wizard/locations?${contact().email}`);
      // Someone's data typed where the app's own words go.
      await staff.get(`/agency/api/submissions?sort=${encodeURIComponent(contact().email)}`);
      await staff.get(`/agency/api/submissions?kind=lead&lang=${contact().lastname}`);
      await staff.get(`/agency/api/submissions/${encodeURIComponent(contact().email)}/contact`);
      await staff.get(`/agency/api/submissions/${contact().lastname}%20Erika/contact`);
      await staff.get(`/agency/api/submissions/${contact().lastname}/notes`);
      await staff.get(`${PREFIX}/v1/erika.${contact().lastname.toLowerCase()}`);
      await staff.get(`${PREFIX}/v1/wizard/listing/0301234567`);

      const urls = lines
        .map((line) => JSON.parse(line) as { req?: { url: string } })
        .flatMap((entry) => (entry.req ? [entry.req.url] : []));
      // The requests are logged, their queries' names kept and values redacted.
      expect(urls).toEqual(
        expect.arrayContaining([
          '/agency?k=…',
          '/demo/login?k=…&lang=en-US',
          '/agency/api/submissions?q=…',
          '/agency/api/submissions?q=…&kind=lead',
          '/agency/api/submissions.csv?assignee=…',
          `${PREFIX}/v1/wizard/locations?…`,
          '/agency/api/submissions?sort=…',
          '/agency/api/submissions?kind=lead&lang=…',
          '/agency/api/submissions/…/contact',
          '/agency/api/submissions/…/notes',
          `${PREFIX}/v1/…`,
          `${PREFIX}/v1/wizard/listing/…`,
        ]),
      );
      const log = lines.join('\n');
      for (const secret of secrets) {
        expect(log).not.toContain(secret);
        expect(log).not.toContain(encodeURIComponent(secret));
      }
    } finally {
      await server.close();
    }
  });
});
