/**
 * Body classes for old platforms (product 2.0.4): 'legacy' on Windows before 10, 'not-supported' on
 * Internet Explorer. IE cannot run the bundle at all; index.html's nomodule script covers it.
 */
export function bodyClasses(userAgent: string): string[] {
  const classes: string[] = [];
  const windows = /Windows NT (\d+)\.(\d+)/.exec(userAgent);
  if (windows && Number(windows[1]) < 10) classes.push('legacy');
  if (/MSIE |Trident\//.test(userAgent)) classes.push('not-supported');
  return classes;
}
