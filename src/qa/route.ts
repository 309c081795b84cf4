/** The route a path shows under the router's base: '/webapp/lead-wizard' gives 'lead-wizard'. */
export function routeOf(pathname: string, basename: string): string {
  const base = basename.replace(/\/+$/, '');
  const rest = base && pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
  return rest.replace(/^\/+|\/+$/g, '');
}
