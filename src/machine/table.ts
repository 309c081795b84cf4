/**
 * State machines as tables: each row says from which states an event leads where, under which
 * named guards, and which named change of the context it makes. Slices ask a table and apply
 * what it answers; tests walk it row by row; docs/machines.md draws it. Pure.
 */

/**
 * One transition: in one of `from`, on `on`, when every guard in `when` holds. `Change` names
 * the changes of the context the table's rows may make.
 */
export interface Row<
  State extends string,
  Event extends string,
  Guard extends string = never,
  Change extends string = string,
> {
  from: readonly State[];
  on: Event;
  when?: readonly Guard[];
  /** The state it goes to; absent, the state stays (the row only changes the context). */
  to?: State;
  /** The named change of the context it makes, if any. */
  does?: Change;
}

export interface Table<
  State extends string,
  Event extends string,
  Guard extends string = never,
  Change extends string = string,
> {
  /** Its states, for the drawing; the rows' states when absent. */
  states?: readonly State[];
  rows: readonly Row<State, Event, Guard, Change>[];
}

/** The guards of a table, by name; each gets the context and the event. */
export type Guards<Guard extends string, C, E> = Record<Guard, (ctx: C, event: E) => boolean>;

/**
 * The row an event takes from a state, or undefined when the table allows no move: the first
 * row from that state on that event whose guards all hold.
 */
export function rowFor<
  State extends string,
  E extends { type: string },
  Guard extends string,
  C,
  Change extends string = string,
>(
  table: Table<State, E['type'], Guard, Change>,
  guards: Guards<Guard, C, E>,
  state: State,
  ctx: C,
  event: E,
): Row<State, E['type'], Guard, Change> | undefined {
  return table.rows.find(
    (row) =>
      row.on === event.type &&
      row.from.includes(state) &&
      (row.when ?? []).every((guard) => guards[guard](ctx, event)),
  );
}
