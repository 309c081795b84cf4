/**
 * What an owner may be shown of the saved searches waiting for a property like theirs
 * (docs/matching.md#what-an-owner-may-be-shown): how many people, from 3 on, and where. Below 3 the
 * count never leaves this function. Callers do not know the threshold.
 */
import { BERLIN_DISTRICTS } from '../data/berlin';
import type { Queryable } from '../db/sql';
import { berlinPlaces, propertyLocalities, propertyOfLead, type MatchPlaces } from './match';

/** The fewest people waiting an owner is told the number of (decision 153). */
export const SHOWN_FROM = 3;

/** What the owner is told: the count (null below SHOWN_FROM) and the place it is for. */
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

function sentLocation(location: unknown): Record<string, unknown> {
  try {
    const value: unknown = typeof location === 'string' ? JSON.parse(location) : location;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A lead's row as stored (leads: object_type, category_id, marketing_type, location, fields). */
type LeadRow = Parameters<typeof propertyOfLead>[0];

/** How many people (contacts) other than the owner the live searches `ids` belong to. */
function peopleOf(q: Queryable, ids: readonly number[], ownerEmail: string) {
  const list =
    q.dialect === 'postgres'
      ? 'SELECT jsonb_array_elements_text(?::jsonb)::bigint'
      : 'SELECT value FROM json_each(?)';
  return q
    .one<{ n: number }>(
      `SELECT count(DISTINCT ss.contact_id) AS n FROM saved_searches ss
       JOIN contacts c ON c.id = ss.contact_id
       WHERE ss.id IN (${list}) AND lower(c.email) <> lower(?)`,
      JSON.stringify(ids),
      ownerEmail,
    )
    .then((row) => Number(row?.n ?? 0));
}

/**
 * What the owner of `lead` may be told of the people waiting for a property like theirs, given
 * the live saved searches matching it (`matchingSearches`' answer, which the lead's pairs are
 * stored from too): the contacts they belong to, the owner's own not counted, so that one
 * searcher with three searches is one person, below the threshold.
 */
export async function waitingBuyers(
  q: Queryable,
  lead: LeadRow,
  searches: readonly number[],
  ownerEmail: string,
  places: MatchPlaces = berlinPlaces(),
): Promise<WaitingBuyers> {
  // Fewer searches than the threshold cannot belong to enough people: no query.
  if (searches.length < SHOWN_FROM) return { count: null, place: null };
  const count = await peopleOf(q, searches, ownerEmail);
  if (count < SHOWN_FROM) return { count: null, place: null };
  const localities = propertyLocalities(propertyOfLead(lead).location, places);
  return { count, place: placeOf(localities, sentLocation(lead.location)) };
}
