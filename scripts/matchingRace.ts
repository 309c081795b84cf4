/**
 * Pairs under concurrency (issue 41, decision 177), a step of `npm run cluster`: two server
 * processes on one PostgreSQL database, each with its matching job running. Contacts log in
 * and make saved searches; then lead writers store leads on both processes while the contacts
 * toggle and edit their searches on both. Once both jobs have done all that was recorded,
 * every pair of a lead is compared with what `matchSearch` says of every live search and
 * every lead: a pair no search wants is stale, a wanted one absent is missing. Passes with
 * none of either, and enough pairs for the comparison to say something.
 */
import type pg from 'pg';
import {
  berlinPlaces,
  matchSearch,
  propertyOfLead,
  type MatchSearch,
} from '../server/matching/match';
import { LIVE, SEARCH_COLUMNS } from '../server/matching/terms';
import { keyOfLink, post, PREFIX, XSRF } from './serverProcess';

/** Where leads are: [zip, lat, lng] in Prenzlauer Berg, Friedrichshain, Kreuzberg and Mitte. */
const PLACES: [string, number, number][] = [
  ['10435', 52.538, 13.41],
  ['10245', 52.507, 13.462],
  ['10999', 52.499, 13.421],
  ['10115', 52.531, 13.385],
];
/** Regions searches ask for: Mitte, Friedrichshain, Kreuzberg, Prenzlauer Berg, a district. */
const REGIONS = [[101], [201], [202], [301], [2], [3], [301, 201], [101, 202]];

export interface RaceOptions {
  writers: number;
  leadsEach: number;
  contacts: number;
  changesEach: number;
}

interface Portal {
  port: number;
  cookie: string;
  nonce: string;
  searches: { uuid: string; body: Record<string, unknown> }[];
}

const draw = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

function searchBody(active: boolean): Record<string, unknown> {
  const min = 300 + Math.floor(Math.random() * 8) * 100;
  return {
    objectType: 'LIVING',
    categoryId: 30225,
    marketingType: 'rent',
    locations: draw(REGIONS).map((locationId) => ({ locationId })),
    fields:
      Math.random() < 0.3
        ? []
        : [{ name: 'price.price', valueType: 'RANGE', minValue: min, maxValue: min + 900 }],
    active,
  };
}

function leadBody(email: string) {
  const [zip, lat, lng] = draw(PLACES);
  return {
    contact: {
      firstname: 'Race',
      lastname: 'Lead',
      email,
      customFields: { dataPrivacy: true, acceptContact: true },
    },
    lead: {
      objectType: 'LIVING',
      categoryId: 30225,
      marketingType: Math.random() < 0.85 ? 'rent' : 'buy',
      location: { zip, city: 'Berlin', street: 'Teststraße', number: '1', lat, lng },
      fields: [{ name: 'price.price', valueType: 'NUMBER', value: 300 + Math.random() * 1800 }],
    },
  };
}

async function portalCall(portal: Portal, method: string, route: string, body?: unknown) {
  const answer = await fetch(`http://127.0.0.1:${portal.port}${PREFIX}${route}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Cookie: portal.cookie,
      'X-XSRF-TOKEN': XSRF,
      'X-WP-Nonce': portal.nonce,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A contact as a visitor becomes one: a message, its confirmation, a login link, a session. */
async function logIn(db: pg.Client, port: number, email: string): Promise<Portal> {
  const linkOf = async () =>
    JSON.parse(
      (
        await db.query(`SELECT links FROM mails WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [
          email,
        ])
      ).rows[0].links as string,
    )[0] as string;
  await post(port, '/v1/wizard/contact', {
    contact: {
      firstname: 'Race',
      lastname: 'Searcher',
      email,
      customFields: { dataPrivacy: true, acceptContact: true },
    },
    message: 'race',
  });
  await post(port, '/v1/wizard/confirm', { k: keyOfLink(await linkOf()) });
  await post(port, '/v1/auth/email', { email });
  const k = keyOfLink(await linkOf());
  const login = await fetch(`http://127.0.0.1:${port}${PREFIX}/v1/auth/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: `XSRF-TOKEN=${XSRF}`,
      'X-XSRF-TOKEN': XSRF,
    },
    body: JSON.stringify({ k }),
  });
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((pair) => pair.startsWith('immosuite_session='));
  if (!session) throw new Error(`race: ${email} could not log in (${login.status})`);
  const cookie = `XSRF-TOKEN=${XSRF}; ${session}`;
  const portal: Portal = { port, cookie, nonce: '', searches: [] };
  const nonce = await portalCall(portal, 'POST', '/v1/auth/login/nonce', { k });
  portal.nonce = String(nonce.body.nonce);
  return portal;
}

/** Resolves once no change of a search and no stored lead waits for a job. */
async function settled(db: pg.Client, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM lead_changes) + (SELECT count(*) FROM search_changes) AS n`,
    );
    if (Number(rows[0].n) === 0) return;
    if (Date.now() > until) throw new Error(`race: ${rows[0].n} changes still waiting`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs the race on the two processes at `ports`; resolves to the problems it found. */
export async function raceMatching(
  db: pg.Client,
  ports: readonly [number, number],
  options: RaceOptions,
): Promise<string[]> {
  const problems: string[] = [];
  const portals: Portal[] = [];
  for (let i = 0; i < options.contacts; i += 1)
    portals.push(await logIn(db, ports[i % 2]!, `race.searcher${i}@example.de`));
  for (const portal of portals)
    for (const active of [true, Math.random() < 0.5]) {
      const body = searchBody(active);
      const made = await portalCall(portal, 'POST', '/v1/saved-search', body);
      if (made.status !== 201) problems.push(`race: a search was answered ${made.status}`);
      else portal.searches.push({ uuid: String(made.body.uuid), body });
    }
  let leadsStored = 0;
  let changesMade = 0;
  const failures = new Map<number, number>();
  const failed = (status: number) => failures.set(status, (failures.get(status) ?? 0) + 1);
  const writers = Array.from({ length: options.writers }, async (_, w) => {
    for (let i = 0; i < options.leadsEach; i += 1) {
      const answer = await post(
        ports[(w + i) % 2]!,
        '/v1/wizard/lead',
        leadBody(`race.owner${w}x${i}@example.de`),
      );
      if (answer.status === 201) leadsStored += 1;
      else failed(answer.status);
    }
  });
  const changers = portals.map(async (portal, c) => {
    for (let i = 0; i < options.changesEach; i += 1) {
      const search = draw(portal.searches);
      // Each change on the other process from the last: toggled, or edited (regions, range).
      const body =
        Math.random() < 0.5
          ? { ...search.body, active: search.body.active === false }
          : searchBody(search.body.active !== false);
      const changed = await portalCall(
        { ...portal, port: ports[(c + i) % 2]! },
        'PUT',
        `/v1/saved-search/${search.uuid}`,
        body,
      );
      if (changed.status === 200) {
        search.body = body;
        changesMade += 1;
      } else failed(changed.status);
    }
  });
  await Promise.all([...writers, ...changers]);
  await settled(db, 180_000);

  const searches = (
    await db.query<MatchSearch & { id: string; live: number }>(
      `SELECT ${SEARCH_COLUMNS}, CASE WHEN ${LIVE} THEN 1 ELSE 0 END AS live FROM saved_searches ss`,
    )
  ).rows.map((row) => ({ ...row, category_id: Number(row.category_id) }));
  const leads = (
    await db.query<Parameters<typeof propertyOfLead>[0] & { submission_id: string }>(
      'SELECT submission_id, object_type, category_id, marketing_type, location, fields FROM leads',
    )
  ).rows.map((row) => ({ ...row, category_id: Number(row.category_id) }));
  // BIGINT columns come as strings from pg: the category is compared as a number.
  const places = berlinPlaces();
  const wanted = new Set<string>();
  for (const lead of leads) {
    const property = propertyOfLead(lead);
    for (const search of searches)
      if (Number(search.live) === 1 && matchSearch(search, property, places).match)
        wanted.add(`${search.id}:${lead.submission_id}`);
  }
  const stored = new Set(
    (
      await db.query<{ saved_search_id: string; submission_id: string }>(
        'SELECT saved_search_id, submission_id FROM search_matches WHERE submission_id IS NOT NULL',
      )
    ).rows.map((row) => `${row.saved_search_id}:${row.submission_id}`),
  );
  const stale = [...stored].filter((pair) => !wanted.has(pair)).length;
  const missing = [...wanted].filter((pair) => !stored.has(pair)).length;
  console.log(
    `cluster: matching race over 2 processes: ${leadsStored} leads stored while ${changesMade} search changes were made (${options.contacts} contacts); ${wanted.size} pairs wanted, ${stale} stale, ${missing} missing${failures.size ? `; refused: ${[...failures].map(([s, n]) => `${n} × ${s}`).join(', ')}` : ''}`,
  );
  if (failures.size) problems.push('race: requests were refused');
  if (stale || missing) problems.push(`race: ${stale} stale and ${missing} missing pairs`);
  if (wanted.size < 200) problems.push(`race: only ${wanted.size} pairs, too few to compare`);
  return problems;
}
