import { overBudget } from '../bench/overBudget';

const route = (initialJsGzip: number, budget: number | null = 1.1) => ({
  route: 'contact-form-wizard',
  initialJsGzip,
  floorGzip: 145553,
  budget,
});

describe('the bundle budget check', () => {
  it('fails a route a few bytes over its limit, which a ratio rounded to 3 decimals would pass', () => {
    // 1.1 x 145553 = 160108.3 B; 160150 B is 1.10029 x, 1.100 when rounded.
    expect(overBudget([route(160150)])).toEqual([
      '/contact-form-wizard is 160150 B, 42 B over its budget of 1.1 x its floor (160108 B)',
    ]);
    expect(overBudget([route(160109)])).toHaveLength(1);
  });

  it('passes a route at or under its limit', () => {
    expect(overBudget([route(160108), route(150000)])).toEqual([]);
  });

  it('fails a built route without a budget', () => {
    expect(overBudget([route(1000, null)])).toEqual([
      '/contact-form-wizard has no budget in bench/budgets.json',
    ]);
  });
});
