import { STATIC_PREFIX } from './constants';

/**
 * The router's base (decision 2): the static asset prefix without its trailing 'static/'.
 * '/webapp/static/' gives '/webapp'; '/wp-content/plugins/x/webapp/static/' gives
 * '/wp-content/plugins/x/webapp'.
 */
export function basePathFromPublicPath(publicPath: string | undefined): string {
  let path = publicPath && publicPath !== 'auto' ? publicPath : STATIC_PREFIX;
  try {
    path = new URL(path, 'http://x.invalid').pathname;
  } catch {
    path = STATIC_PREFIX;
  }
  if (!path.endsWith('/')) path += '/';
  const base = path.replace(/static\/$/, '');
  return base.replace(/\/+$/, '') || '/';
}
