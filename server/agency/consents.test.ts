/**
 * @jest-environment node
 *
 * A consent withdrawn in 'Mein Konto' reaches the agency: the inbox's detail and the CSV say
 * each consent as it stands now, with when it was given and withdrawn; the detail's history
 * lists the withdrawal; the agency gets a German notice of it, filed with the submission that
 * put the consent in force.
 */
import { parse } from 'csv-parse/sync';
import { responseConforms } from '../../contract/validator';
import {
  contact,
  keyOf,
  mailTo,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
const STAFF = 'team@makler.example';
const AGENCY = 'makler@immosuite.local';
const EMAIL = 'abo@example.de';
const DAY = /\d\d\.\d\d\.\d{4}/.source;

interface Detail {
  submission: {
    uuid: string;
    consent: {
      boxes: Record<string, boolean>;
      current: Record<
        string,
        { state: string; givenAt: string | null; withdrawnAt: string | null }
      >;
    };
  };
  deliveries: { kind: string; recipient: string; status: string }[];
  consentLog: { box: string; given: boolean; at: string; via: string; submission: string | null }[];
}

/** A visitor signs up on the newsletter page, confirms, and logs in to 'Mein Konto'. */
async function subscribedContact(server: Server): Promise<{ client: TestClient; uuid: string }> {
  const client = server.client();
  const sent = await client.post<{ uuid: string }>(`${PREFIX}/v1/wizard/contact`, {
    type: 'newsletter',
    contact: contact({
      email: EMAIL,
      customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
    }),
  });
  await client.post(`${PREFIX}/v1/wizard/confirm`, {
    k: keyOf((await mailTo(server, (m) => m.to === EMAIL)).links[0]!),
  });
  await client.post(`${PREFIX}/v1/auth/email`, { email: EMAIL });
  const k = keyOf((await mailTo(server, (m) => m.to === EMAIL, 2)).links[0]!);
  await client.post(`${PREFIX}/v1/auth/login`, { k });
  client.nonce = (
    await client.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, { k })
  ).body.nonce;
  return { client, uuid: sent.body.uuid };
}

describe('a consent withdrawn in the portal', () => {
  let server: Server;
  let staff: TestClient;
  let account: TestClient;
  let uuid: string;
  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: STAFF });
    ({ client: account, uuid } = await subscribedContact(server));
    staff = await staffSignIn(server, STAFF);
  });
  afterAll(() => server.close());

  const detail = async () => {
    const answer = await staff.get<Detail>(`${API}/submissions/${uuid}`);
    expect(answer.status).toBe(200);
    expect(responseConforms('get', `${API}/submissions/${uuid}`, 200, answer.body)).toEqual({
      ok: true,
    });
    return answer.body;
  };
  const csvRow = async () => {
    const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const text = await (
      await fetch(`${server.base}${API}/submissions.csv?q=abo%40example`, { headers: { cookie } })
    ).text();
    return (
      parse(text.slice(1), { delimiter: ';', columns: true }) as Record<string, string>[]
    ).find((row) => row.ID === uuid)!;
  };
  const setNewsletter = async (newsletter: boolean) => {
    const me = await account.get<Record<string, unknown>>(`${PREFIX}/v1/contact`);
    const answer = await account.put(`${PREFIX}/v1/contact`, {
      ...me.body,
      customFields: { dataPrivacy: true, acceptContact: true, newsletter },
    });
    expect(answer.status).toBe(200);
  };

  it('reads as given, with the day of its confirmation, while it is in force', async () => {
    const { submission, consentLog } = await detail();
    expect(submission.consent.current).toEqual({
      dataPrivacy: { state: 'given', givenAt: expect.any(String), withdrawnAt: null },
      acceptContact: { state: 'given', givenAt: expect.any(String), withdrawnAt: null },
      newsletter: { state: 'given', givenAt: expect.any(String), withdrawnAt: null },
    });
    // Ticked with the form, in force once confirmed.
    expect(consentLog.filter((e) => e.box === 'newsletter')).toEqual([
      { box: 'newsletter', given: true, at: expect.any(String), via: 'form', submission: uuid },
      {
        box: 'newsletter',
        given: true,
        at: expect.any(String),
        via: 'confirmation',
        submission: uuid,
      },
    ]);
    expect(await csvRow()).toMatchObject({
      Angaben: 'Anmeldung zum Newsletter',
      Newsletter: expect.stringMatching(new RegExp(`^angemeldet am ${DAY}$`)),
      Datenschutzerklärung: expect.stringMatching(new RegExp(`^erteilt am ${DAY}$`)),
    });
  });

  it("reads as withdrawn in the detail and the CSV once the contact unticks it in 'Mein Konto', with a notice to the agency", async () => {
    const notices = (await server.mails()).filter((m) => m.to === AGENCY).length;
    await setNewsletter(false);
    const { submission, consentLog, deliveries } = await detail();
    const newsletter = submission.consent.current.newsletter!;
    expect(newsletter).toEqual({
      state: 'withdrawn',
      givenAt: expect.any(String),
      withdrawnAt: expect.any(String),
    });
    expect(newsletter.withdrawnAt! > newsletter.givenAt!).toBe(true);
    // What the visitor ticked with the form stays as it was.
    expect(submission.consent.boxes.newsletter).toBe(true);
    expect(submission.consent.current.dataPrivacy!.state).toBe('given');
    // The history lists the withdrawal, last.
    expect(consentLog.at(-1)).toEqual({
      box: 'newsletter',
      given: false,
      at: newsletter.withdrawnAt,
      via: 'account',
      submission: null,
    });
    expect((await csvRow()).Newsletter).toMatch(
      new RegExp(`^abgemeldet am ${DAY} \\(angemeldet am ${DAY}\\)$`),
    );
    // A German notice, like the others, filed with the submission that put it in force.
    const notice = await mailTo(server, (m) => m.to === AGENCY, notices + 1);
    expect(notice.subject).toBe('Einwilligung widerrufen: Frau Erika Mustermann (Newsletter)');
    expect(notice.text).toContain(`E-Mail: ${EMAIL}`);
    expect(notice.text).toMatch(
      new RegExp(`Newsletter: abgemeldet am ${DAY}, \\d\\d:\\d\\d Uhr in „Mein Konto“`),
    );
    expect(notice.text).toContain('Bitte schicken Sie keinen Newsletter mehr an diese Adresse');
    expect(notice.text).toContain(
      `Im Posteingang öffnen: ${server.base}/agency/submissions/${uuid}`,
    );
    expect(deliveries.filter((d) => d.recipient === AGENCY)).toHaveLength(2);
  });

  it('reads as given again, from the day it was given again, once the contact ticks it again', async () => {
    const before = (await detail()).submission.consent.current.newsletter!;
    await setNewsletter(true);
    const now = (await detail()).submission.consent.current.newsletter!;
    expect(now).toEqual({ state: 'given', givenAt: expect.any(String), withdrawnAt: null });
    expect(now.givenAt! > before.withdrawnAt!).toBe(true);
    expect((await csvRow()).Newsletter).toMatch(new RegExp(`^angemeldet am ${DAY}$`));
  });

  it('reads as none for a contact who has not confirmed', async () => {
    const sent = await server.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/contact`, {
      type: 'newsletter',
      contact: contact({
        email: 'unbestaetigt@example.de',
        customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
      }),
    });
    const answer = await staff.get<Detail>(`${API}/submissions/${sent.body.uuid}`);
    expect(answer.body.submission.consent.boxes.newsletter).toBe(true);
    expect(answer.body.submission.consent.current.newsletter).toEqual({
      state: 'none',
      givenAt: null,
      withdrawnAt: null,
    });
  });
});
