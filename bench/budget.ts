/** The bundle budget check CI runs: builds for production, exits 1 when a route is over. */
import { measureRoutes, overBudget, printRoutes } from './bundle';

measureRoutes()
  .then(({ routes }) => {
    printRoutes(routes);
    const over = overBudget(routes);
    for (const line of over) console.error(`over budget: ${line}`);
    process.exit(over.length > 0 ? 1 : 0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
