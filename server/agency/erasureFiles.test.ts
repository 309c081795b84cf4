/**
 * @jest-environment node
 *
 * An erasure removes the contact's bytes from the database's files, not only its rows: after a
 * contact with a lead, a message, a saved search, staff's notes and mails is erased, neither
 * the SQLite file nor its write-ahead log as the erasure answers (or, on PostgreSQL, the
 * database's data files after the quiet hour's VACUUM FULL and a checkpoint) hold its address,
 * names, phone or message.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import * as clock from '../db/clock';
import {
  contact,
  keyOf,
  lead,
  mailTo,
  PREFIX,
  savedSearch,
  staffSignIn,
  startTestServer,
} from '../../test/server/testServer';

const STAFF = 'team@makler.example';
const EMAIL = 'quirinella.vortmann@example.de';
const FIRSTNAME = 'Quirinella';
const LASTNAME = 'Vortmannsdottir';
const PHONE = '0171 9384756';
const MESSAGE = 'Bitte Rückruf wegen Zypressenhofblick';
const NEEDLES = [EMAIL, FIRSTNAME, LASTNAME, '9384756', 'Zypressenhofblick'];

/** How often each needle occurs in `files` (as UTF-8 and, for PostgreSQL's text, as is). */
function occurrences(files: string[]): Record<string, number> {
  const counts = Object.fromEntries(NEEDLES.map((needle) => [needle, 0]));
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const bytes = fs.readFileSync(file);
    for (const needle of NEEDLES) {
      const wanted = Buffer.from(needle, 'utf8');
      for (let at = bytes.indexOf(wanted); at >= 0; at = bytes.indexOf(wanted, at + 1))
        counts[needle]! += 1;
    }
  }
  return counts;
}

const nothing = Object.fromEntries(NEEDLES.map((needle) => [needle, 0]));

/** Every file under `dir`. */
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );

it("leaves none of the erased contact's bytes in the database's files", async () => {
  const server = await startTestServer({
    AGENCY_USERS: STAFF,
    AGENCY_EMAIL: 'postfach@makler.example',
    AGENCY_NOTICE: 'on-submit',
  });
  const databaseUrl = server.app.sql.dialect === 'postgres' ? await urlOf(server) : null;
  let closed = false;
  // On SQLite, a reader of its own holds a snapshot while the contact's data is written: the
  // write-ahead log cannot start over and keeps those pages until the erasure.
  const reader =
    server.app.sql.dialect === 'sqlite'
      ? new Database(path.join(server.dataDir, 'immosuite.sqlite'))
      : null;
  reader?.exec('BEGIN');
  reader?.prepare('SELECT count(*) FROM contacts').get();
  try {
    const visitor = server.client();
    const person = contact({
      email: EMAIL,
      firstname: FIRSTNAME,
      lastname: LASTNAME,
      phone: PHONE,
    });
    const sent = await visitor.post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
      contact: person,
      lead: lead(),
    });
    expect(sent.status).toBe(201);
    const toIt = (m: { to: string; links: string[] }) => m.to === EMAIL && m.links.length > 0;
    await visitor.post(`${PREFIX}/v1/wizard/confirm`, {
      k: keyOf((await mailTo(server, toIt)).links[0]!),
    });
    expect(
      (await visitor.post(`${PREFIX}/v1/wizard/contact`, { contact: person, message: MESSAGE }))
        .status,
    ).toBe(201);
    expect(
      (
        await visitor.post(`${PREFIX}/v1/wizard/saved-search`, {
          contact: person,
          savedSearch: savedSearch(),
        })
      ).status,
    ).toBe(201);
    const staff = await staffSignIn(server, STAFF);
    expect(
      (
        await staff.post(`/agency/api/submissions/${sent.body.uuid}/notes`, {
          text: `${FIRSTNAME} ${LASTNAME} ${PHONE}: ${MESSAGE}`,
        })
      ).status,
    ).toBe(201);
    reader?.exec('COMMIT');
    reader?.close();
    const erased = await staff.del(`/agency/api/submissions/${sent.body.uuid}/contact`);
    expect(erased.status).toBe(200);
    if (databaseUrl) {
      // The tables are written anew in the quiet hour (03:00 in Berlin), not before.
      const clockNow = jest.spyOn(clock, 'now').mockReturnValue('2099-01-15T13:00:00.000Z');
      try {
        await server.app.scrubber.tick();
        await server.app.scrubber.idle();
        expect(occurrences(await postgresFiles(databaseUrl))[EMAIL]).toBeGreaterThan(0);
        clockNow.mockReturnValue('2099-01-16T02:10:00.000Z');
        await server.app.scrubber.tick();
        await server.app.scrubber.idle();
      } finally {
        clockNow.mockRestore();
      }
      expect(occurrences(await postgresFiles(databaseUrl))).toEqual(nothing);
      expect(await server.app.sql.all('SELECT table_name FROM erasure_scrubs')).toEqual([]);
    } else {
      // While the server runs, as the erasure answers.
      const file = path.join(server.dataDir, 'immosuite.sqlite');
      expect(occurrences([file, `${file}-wal`, `${file}-shm`])).toEqual(nothing);
    }
    await server.close();
    closed = true;
  } finally {
    if (reader?.open) reader.close();
    if (!closed) await server.close();
  }
});

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** The URL of the server's PostgreSQL database, from its pool's settings. */
async function urlOf(server: Server): Promise<string> {
  const pool = (server.app.sql as unknown as { pool: pg.Pool }).pool;
  const options = pool.options as { connectionString?: string };
  return options.connectionString!;
}

/**
 * The data files of the database at `url`, after a checkpoint has written every changed page
 * to them (the write-ahead log in pg_wal is not among them: docs/security.md#erasure).
 */
async function postgresFiles(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
    const dir = (await client.query('SHOW data_directory')).rows[0].data_directory as string;
    const oid = (
      await client.query('SELECT oid FROM pg_database WHERE datname = current_database()')
    ).rows[0].oid as number;
    return filesUnder(path.join(dir, 'base', String(oid)));
  } finally {
    await client.end();
  }
}
