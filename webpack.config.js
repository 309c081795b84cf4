// Three builds: the widget (React app, split into chunks, loaded in the iframe), the embed
// script (no dependencies, one small file at a stable URL for agencies to paste), and the
// agency's inbox page (its own entry and folder: none of its code in any widget route).
const path = require('path');
const zlib = require('zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const STATIC_DIR = path.resolve(__dirname, 'static');
// Build-time default of the public asset prefix (decision 2); the app derives its
// router base from the prefix it was really loaded from.
const PUBLIC_PATH = process.env.PUBLIC_PATH || '/webapp/static/';

/**
 * Writes a brotli and a gzip copy beside each text asset, so the server sends them
 * pre-compressed (@fastify/static preCompressed) instead of compressing per request.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|css|html|svg)$/.test(name)) continue;
            const buffer = asset.buffer();
            if (buffer.length < 1024) continue;
            compilation.emitAsset(
              `${name}.gz`,
              new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })),
            );
            compilation.emitAsset(
              `${name}.br`,
              new sources.RawSource(
                zlib.brotliCompressSync(buffer, {
                  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
                }),
              ),
            );
          }
        },
      );
    });
  }
}

/**
 * The parts a route's first screen shows beyond its own chunk (their chunk names), by route
 * path; `path?param=value` when the frame's URL decides (the lead wizard's address first).
 */
const FIRST_SCREEN_PARTS = {
  'saved-search-wizard': ['map', 'region-shapes'],
  'expose-inquiry-wizard': ['contact-form'],
  'lead-wizard?order=address-first': ['map'],
};

/**
 * The files each route's first screen needs, which index.html asks for at once beside the
 * app's script: the route's screen chunk group (screen-<path>), the parts of
 * FIRST_SCREEN_PARTS, and the shell's strings per language ([de, en]); file names relative to
 * `base`, the app's public path. The entry's own files are left out (they are the app's script).
 */
function firstScreenFiles(compilation, base) {
  const entry = new Set(compilation.entrypoints.get('app').getFiles());
  const js = (...names) => [
    ...new Set(
      names.flatMap((name) => {
        const group = compilation.namedChunkGroups.get(name);
        if (!group) throw new Error(`index.html: no chunk group ${name}`);
        return group.getFiles().filter((file) => file.endsWith('.js') && !entry.has(file));
      }),
    ),
  ];
  const routes = {};
  for (const name of compilation.namedChunkGroups.keys())
    if (name.startsWith('screen-')) routes[name.slice('screen-'.length)] = js(name);
  for (const [key, parts] of Object.entries(FIRST_SCREEN_PARTS)) {
    const [path, query] = key.split('?');
    const route = routes[path] ?? [];
    const more = js(...parts).filter((file) => !route.includes(file));
    if (query) routes[key] = more;
    else routes[path] = [...route, ...more];
  }
  return { base, locales: [js('locale-de-json'), js('locale-en-json')], routes };
}

/**
 * What index.html shows and does before the app has loaded: the loading shell (the app's
 * title, or the route's, and 'Wird geladen …'), the files to fetch at once, and the notice for
 * browsers that cannot run the app, in German and English ([de, en]; routes by the screen id
 * their path spells in kebab case).
 */
function shellParameters() {
  const de = require('./src/i18n/locales/de.json');
  const en = require('./src/i18n/locales/en.json');
  const both = (pick) => [pick(de), pick(en)];
  return {
    notSupported: { de: de.app.notSupported, en: en.app.notSupported },
    shell: { title: { de: de.app.title }, loading: { de: de.app.loading } },
    shellData: (compilation) =>
      JSON.stringify({
        title: both((l) => l.app.title),
        loading: both((l) => l.app.loading),
        routes: Object.fromEntries(
          Object.keys(de.routes).map((id) => [id, both((l) => l.routes[id])]),
        ),
        preload: firstScreenFiles(compilation, PUBLIC_PATH),
      }).replace(/</g, '\\u003c'),
  };
}

const babelRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: { loader: 'babel-loader', options: { cacheDirectory: true } },
};

module.exports = (env, argv) => {
  const production = argv.mode !== 'development';
  const common = {
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: { rules: [babelRule] },
    performance: { hints: false },
  };
  const widget = {
    ...common,
    name: 'widget',
    entry: { app: './src/index.tsx' },
    output: {
      path: STATIC_DIR,
      // 'auto' resolves chunk URLs from the script's own URL, so a deployment under another
      // prefix (e.g. a WordPress plugin folder) needs no rebuild.
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:6].js' : '[name].js',
      chunkFilename: production ? 'chunks/[name].[contenthash:6].js' : 'chunks/[name].js',
      clean: { keep: (asset) => /^(img|fonts|embed\.js|agency\/)/.test(asset) },
    },
    module: {
      rules: [
        babelRule,
        // Leaflet's stylesheet travels in the map chunk and is injected where the map shows.
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        {
          test: /\.(png|svg)$/,
          type: 'asset/resource',
          generator: { filename: 'chunks/[name].[contenthash:6][ext]' },
        },
      ],
    },
    plugins: [
      ...(production ? [new PrecompressPlugin()] : []),
      // The version a QA action log names (decision 17).
      new (require('webpack').DefinePlugin)({
        __APP_VERSION__: JSON.stringify(require('./package.json').version),
      }),
      new HtmlWebpackPlugin({
        template: './src/index.html',
        filename: 'index.html',
        publicPath: PUBLIC_PATH,
        scriptLoading: 'defer',
        // Attribute quotes stay, so the server can fill in the allowed-origins meta.
        minify: production && { collapseWhitespace: true, removeComments: true, minifyCSS: true },
        templateParameters: shellParameters(),
      }),
    ],
  };
  const embed = {
    ...common,
    name: 'embed',
    entry: { embed: './embed/index.ts' },
    target: ['web', 'es2017'],
    output: { path: STATIC_DIR, filename: 'embed.js', iife: true, clean: false },
    plugins: production ? [new PrecompressPlugin()] : [],
  };
  const agency = {
    ...common,
    name: 'agency',
    entry: { agency: './src/agency/index.tsx' },
    output: {
      path: path.join(STATIC_DIR, 'agency'),
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:6].js' : '[name].js',
      chunkFilename: production ? 'chunks/[name].[contenthash:6].js' : 'chunks/[name].js',
      clean: true,
    },
    module: widget.module,
    plugins: [
      ...(production ? [new PrecompressPlugin()] : []),
      new HtmlWebpackPlugin({
        template: './src/agency/index.html',
        filename: 'index.html',
        publicPath: `${PUBLIC_PATH}agency/`,
        scriptLoading: 'defer',
        minify: production && { collapseWhitespace: true, removeComments: true },
      }),
    ],
  };
  return [widget, embed, agency];
};
