import { rowFor, type Table } from './table';

type Light = 'red' | 'green';
const table: Table<Light, 'GO' | 'STOP', 'clear' | 'awake'> = {
  rows: [
    { from: ['red'], on: 'GO', when: ['clear', 'awake'], to: 'green' },
    { from: ['red'], on: 'GO', when: ['awake'], does: 'wait' },
    { from: ['red', 'green'], on: 'STOP', to: 'red' },
  ],
};
const guards = {
  clear: (ctx: { clear: boolean; awake: boolean }) => ctx.clear,
  awake: (ctx: { clear: boolean; awake: boolean }, event: { type: string }) =>
    ctx.awake && event.type !== 'never',
};

describe('a machine table', () => {
  it('takes the first row from the state, on the event, whose guards all hold', () => {
    const ctx = { clear: true, awake: true };
    expect(rowFor(table, guards, 'red', ctx, { type: 'GO' })).toBe(table.rows[0]);
    expect(rowFor(table, guards, 'red', { ...ctx, clear: false }, { type: 'GO' })).toBe(
      table.rows[1],
    );
    expect(rowFor(table, guards, 'green', ctx, { type: 'STOP' })).toBe(table.rows[2]);
  });

  it('allows nothing from another state, on another event, or when a guard fails', () => {
    const ctx = { clear: true, awake: false };
    expect(rowFor(table, guards, 'green', ctx, { type: 'GO' })).toBeUndefined();
    expect(rowFor(table, guards, 'red', ctx, { type: 'GO' })).toBeUndefined();
  });
});
