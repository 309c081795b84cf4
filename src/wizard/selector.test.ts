import type { RootState } from '../app/store';
import { createSelector } from './selector';

type State = { a: number[]; b: string };
const state = (value: State) => value as unknown as RootState;
const pick = (s: RootState) => s as unknown as State;

describe('a wizard selector', () => {
  it('computes again only when an input changed', () => {
    const combine = jest.fn((a: number[], b: string) => `${a.join()}${b}`);
    const select = createSelector(
      [(s: RootState) => pick(s).a, (s: RootState) => pick(s).b],
      combine,
    );
    const a = [1, 2];
    expect(select(state({ a, b: 'x' }))).toBe('1,2x');
    expect(select(state({ a, b: 'x' }))).toBe('1,2x');
    expect(combine).toHaveBeenCalledTimes(1);
    expect(select(state({ a: [1, 2], b: 'x' }))).toBe('1,2x');
    expect(select(state({ a, b: 'y' }))).toBe('1,2y');
    expect(combine).toHaveBeenCalledTimes(3);
  });

  it('keeps its previous result when `same` finds the new one equal, so subscribers see no change', () => {
    const select = createSelector(
      [(s: RootState) => pick(s).a],
      (a) => a.filter((n) => n > 1),
      (previous, next) => previous.join() === next.join(),
    );
    const first = select(state({ a: [1, 2], b: '' }));
    expect(select(state({ a: [0, 2], b: '' }))).toBe(first);
    const other = select(state({ a: [3], b: '' }));
    expect(other).toEqual([3]);
    expect(other).not.toBe(first);
  });

  it('takes a single input without a list', () => {
    const select = createSelector(
      (s: RootState) => pick(s).b,
      (b) => b.length,
    );
    expect(select(state({ a: [], b: 'abc' }))).toBe(3);
  });
});
