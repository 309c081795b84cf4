/**
 * The budget check of bench/budget.ts: a route is over when its bytes pass its budget's ratio
 * of its floor's bytes, compared in bytes (a ratio rounded for printing would hide a few).
 */
import type { RouteSize } from './bundle';

/** The routes over budget, and built routes without one (each new route needs a budget). */
export function overBudget(
  routes: readonly Pick<RouteSize, 'route' | 'initialJsGzip' | 'floorGzip' | 'budget'>[],
): string[] {
  return routes.flatMap((r) => {
    if (r.budget === null) return [`/${r.route} has no budget in bench/budgets.json`];
    const limit = Math.floor(r.budget * r.floorGzip);
    return r.initialJsGzip > limit
      ? [
          `/${r.route} is ${r.initialJsGzip} B, ${r.initialJsGzip - limit} B over its budget of ${r.budget} x its floor (${limit} B)`,
        ]
      : [];
  });
}
