/**
 * What an owner may be shown of the saved searches waiting for a property like theirs
 * (docs/matching.md#what-an-owner-may-be-shown, and its threat model): how many people ask for
 * its kind of property in its place, in bands from 3 on, and where. What it counts depends on
 * neither the lead's figures nor its e-mail address, and only on searches old enough; below 3
 * the count never leaves this function. Callers do not know the threshold or the bands.
 */
import { COUNTED_UP_TO, waitingBand } from '../../contract/waitingBuyers';
import { BERLIN_DISTRICTS } from '../data/berlin';
import { ago } from '../db/clock';
import type { Queryable } from '../db/sql';
import type { MatchProperty } from './match';
import { termsOfKind } from './terms';

/**
 * What the owner is told: the band of the count, as its lower bound (null below the threshold),
 * and the place it is for.
 */
export interface WaitingBuyers {
  count: number | null;
  /** A locality or district of Berlin; null: the owner's area, unnamed. */
  place: string | null;
}

const names = new Map<number, string>();
Object.entries(BERLIN_DISTRICTS).forEach(([district, localities], d) => {
  names.set(d + 1, district);
  localities.forEach((name, l) => names.set((d + 1) * 100 + l + 1, name));
});

const norm = (s: unknown) => (typeof s === 'string' ? s.trim().toLowerCase() : '');

const known = new Set([...names.values()].map(norm));

/**
 * The place to name for `localities` (decision 154): the locality the sent address's Ortsteil
 * names among them (a postcode of several localities: the address says which), else the one
 * locality, else the district all of them lie in. What the visitor sent wins over our
 * reading: a town other than Berlin, or another Berlin Ortsteil or district, leaves the place
 * unnamed.
 */
function placeOf(localities: readonly number[], location: Record<string, unknown>): string | null {
  const district = norm(location.district);
  const city = norm(location.city);
  const named = (text: string) =>
    localities.filter(
      (l) => text === norm(names.get(l)) || text === norm(names.get((l / 100) | 0)),
    );
  const own = named(district);
  // An Ortsteil we do not know (a Kiez) says nothing against ours; another Berlin one does.
  if (known.has(district) && !own.length) return null;
  if (city && !/\bberlin\b/.test(city) && !named(city).length) return null;
  const locality = own.find((l) => norm(names.get(l)) === district) ?? null;
  if (locality !== null) return names.get(locality)!;
  if (localities.length === 1) return names.get(localities[0]!) ?? null;
  const districts = new Set(localities.map((l) => (l / 100) | 0));
  return districts.size === 1 ? (names.get([...districts][0]!) ?? null) : null;
}

/**
 * How long a count, once read, is the answer for its kind of property and place: leads of one
 * kind in one place within this time ask the database once (decision 194). The count is of
 * searches that have waited days already, so a minute's age changes nothing an owner may learn.
 */
export const COUNT_FRESH_MS = 60_000;
/** Counts kept at most, the oldest given up first. */
const COUNTS_KEPT = 10_000;

/**
 * How many people (contacts) have live saved searches that have asked, long enough, for the
 * kind of property `property` is in one of its `localities`, whatever their ranges and whoever
 * sends the lead; counted up to the top band only.
 */
export type PeopleWaiting = (
  q: Queryable,
  property: MatchProperty,
  localities: readonly number[],
) => Promise<number>;

/**
 * The count of people waiting, of searches that have asked for `waitHours` or longer: read
 * from the database at most once every COUNT_FRESH_MS for each kind and place (leads that ask
 * at once share one read), for one server.
 */
export function peopleWaiting(waitHours: number): PeopleWaiting {
  const kept = new Map<string, { people: Promise<number>; until: number }>();
  const read = async (q: Queryable, kind: NonNullable<ReturnType<typeof termsOfKind>>) => {
    const row = await q.one<{ n: number }>(
      `SELECT count(*) AS n FROM (
         SELECT DISTINCT ss.contact_id FROM saved_search_terms t
         JOIN saved_searches ss ON ss.id = t.saved_search_id
         WHERE ${kind.conditions.join(' AND ')} AND t.live_since <= ?
         LIMIT ${COUNTED_UP_TO}
       ) people`,
      ...kind.params,
      ago(waitHours * 60 * 60 * 1000),
    );
    return Number(row?.n ?? 0);
  };
  return async (q, property, localities) => {
    const kind = termsOfKind(property, localities);
    if (!kind) return 0;
    const key = kind.params.join('\u0000');
    const at = Date.now();
    const known = kept.get(key);
    if (known && known.until > at) return known.people;
    const people = read(q, kind);
    kept.delete(key);
    if (kept.size >= COUNTS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { people, until: at + COUNT_FRESH_MS });
    // A failed read is not kept: the next lead asks again.
    people.catch(() => {
      if (kept.get(key)?.people === people) kept.delete(key);
    });
    return people;
  };
}

/**
 * What the owner of a lead (`property` in `localities`, at the address `sentLocation` the
 * visitor sent) may be told of the people waiting for a property like theirs
 * (docs/matching.md#the-threat-model): the contacts whose live saved searches have asked for its
 * kind of property in its place long enough (`people`), each once, in bands. The lead's own
 * figures and the address it gives play no part: the number cannot be steered by them. The
 * agency's pairs (matchingSearches) stay exact.
 */
export async function waitingBuyers(
  q: Queryable,
  property: MatchProperty,
  localities: readonly number[],
  sentLocation: Record<string, unknown>,
  people: PeopleWaiting,
): Promise<WaitingBuyers> {
  const count = waitingBand(await people(q, property, localities));
  if (count === null) return { count: null, place: null };
  return { count, place: placeOf(localities, sentLocation) };
}
