/**
 * Memoized selectors for the wizards: a derived value is computed again only when one of its
 * inputs changed (compared by identity), and `same` may keep the previous result when the new
 * one equals it. One entry per selector, enough for one store per screen; it stands in for
 * reselect's createSelector, whose weak-map cache the wizards' routes do not need.
 */
import type { RootState } from '../app/store';

type Selector<T> = (state: RootState) => T;
type Results<S extends readonly Selector<unknown>[]> = {
  [K in keyof S]: S[K] extends Selector<infer T> ? T : never;
};

export function createSelector<T, R>(input: Selector<T>, combine: (value: T) => R): Selector<R>;
export function createSelector<S extends readonly Selector<unknown>[], R>(
  inputs: [...S],
  combine: (...values: Results<S>) => R,
  same?: (previous: R, next: R) => boolean,
): Selector<R>;
export function createSelector(
  inputs: Selector<unknown> | Selector<unknown>[],
  combine: (...values: unknown[]) => unknown,
  same?: (previous: unknown, next: unknown) => boolean,
): Selector<unknown> {
  const list = Array.isArray(inputs) ? inputs : [inputs];
  let last: unknown[] | null = null;
  let result: unknown;
  return (state) => {
    const values = list.map((input) => input(state));
    if (last && values.every((value, i) => value === last![i])) return result;
    const next = combine(...values);
    if (!last || !same?.(result, next)) result = next;
    last = values;
    return result;
  };
}
