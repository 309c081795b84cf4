/**
 * Walking a machine's table in a test: each case names the row its event must take (its index
 * in the table, or null for none), and the walk fails when a row is never taken or a guard of a
 * row never refuses it alone, so a table's every row and guard is shown to do what it says.
 */
import { rowFor, type Guards, type Table } from '../src/machine/table';

export interface Case<State extends string, C, E> {
  state: State;
  ctx: C;
  event: E;
  /** The row the event takes (its index in `table.rows`), or null when the table allows none. */
  row: number | null;
}

export function walkTable<State extends string, E extends { type: string }, G extends string, C>(
  table: Table<State, E['type'], G>,
  guards: Guards<G, C, E>,
  cases: readonly Case<State, C, E>[],
) {
  const taken = new Set<number>();
  const refused = new Set<string>();
  const wrong: string[] = [];
  for (const c of cases) {
    const row = rowFor(table, guards, c.state, c.ctx, c.event);
    const index = row ? table.rows.indexOf(row) : null;
    if (index !== c.row)
      wrong.push(`${c.event.type} from ${c.state}: row ${index}, expected ${c.row}`);
    if (index !== null) taken.add(index);
    // A row of this state and event that a single failing guard refused.
    table.rows.forEach((candidate, i) => {
      if (candidate.on !== c.event.type || !candidate.from.includes(c.state) || i === index) return;
      const failing = (candidate.when ?? []).filter((g) => !guards[g](c.ctx, c.event));
      if (failing.length === 1) refused.add(`${i}:${failing[0]}`);
    });
  }
  const never = table.rows.flatMap((_, i) => (taken.has(i) ? [] : [i]));
  const unrefused = table.rows.flatMap((row, i) =>
    (row.when ?? []).filter((g) => !refused.has(`${i}:${g}`)).map((g) => `${i}:${g}`),
  );
  return { wrong, never, unrefused };
}

/** Every (state, event) of a table without guards, and where it leads (null: nowhere). */
export function matrix<State extends string, Event extends string>(
  table: Table<State, Event>,
  states: readonly State[],
  events: readonly Event[],
) {
  return Object.fromEntries(
    states.map((state) => [
      state,
      Object.fromEntries(
        events.map((type) => [type, rowFor(table, {}, state, null, { type })?.to ?? null]),
      ),
    ]),
  );
}
