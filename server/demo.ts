/**
 * The demo host pages (decision 14): a plain agency page per route that embeds the widget
 * exactly as an agency would, through the embed script.
 */
import { SCREENS } from '../src/app/screens';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';

/** One demo page per screen of the widget's screen list, titled as the widget titles it. */
export const DEMO_ROUTES = SCREENS.map((screen) => ({
  route: screen.path,
  id: screen.id,
  params: screen.demoQuery ?? '',
}));

const isEnglish = (lang: string) => /^en\b/i.test(lang);

function titleOf(id: string, lang: string): string {
  const routes: Record<string, string> = (isEnglish(lang) ? en : de).routes;
  return routes[id] ?? id;
}

/** The demo pages' own words, in the page's language. */
const TEXTS = {
  de: {
    demoPage: 'Demo-Seite',
    demo: 'Demo',
    tracking: 'Tracking',
    privacyTitle: 'Datenschutz',
    privacyHeading: 'Datenschutzerklärung (Demo)',
    privacyText: 'Dies ist die Beispiel-Datenschutzerklärung der Demo-Agentur.',
  },
  en: {
    demoPage: 'Demo page',
    demo: 'Demo',
    tracking: 'Tracking',
    privacyTitle: 'Privacy',
    privacyHeading: 'Privacy policy (demo)',
    privacyText: "This is the demo agency's sample privacy policy.",
  },
};

const textsOf = (lang: string) => (isEnglish(lang) ? TEXTS.en : TEXTS.de);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  body { font-family: Georgia, serif; margin: 0; background: #f4f1ea; color: #222; }
  header { background: #23395b; color: #fff; padding: 1rem 2rem; }
  header a { color: #fff; }
  nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; padding: 0; margin: .5rem 0 0; }
  main { max-width: 60rem; margin: 0 auto; padding: 1rem 2rem 4rem; }
  .widget { background: #fff; box-shadow: 0 1px 4px rgb(0 0 0 / 15%); }
  #tracking { font-family: monospace; font-size: .85rem; white-space: pre-wrap; }
`;

/**
 * `mapConsent`: the page asks the widget to load map tiles only with consent (decision 22).
 * `nonce`: the logged-in visitor's REST nonce, handed to the widget as a WordPress page does.
 */
export function demoPage(
  route: string,
  lang: string,
  options: { mapConsent?: boolean; nonce?: string | null } = {},
): string {
  const demo = DEMO_ROUTES.find((r) => r.route === route) ?? DEMO_ROUTES[0]!;
  const htmlLang = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang) ? lang : 'de';
  const text = textsOf(htmlLang);
  // The other demo pages keep the page's language.
  const langParam = htmlLang === 'de' ? '' : `lang=${encodeURIComponent(htmlLang)}`;
  const query = (params: string) => {
    const all = [params, langParam].filter(Boolean).join('&');
    return all ? `?${all}` : '';
  };
  const links = DEMO_ROUTES.map(
    (r) =>
      `<li><a href="/demo/${r.route}${escapeHtml(query(r.params))}">${escapeHtml(titleOf(r.id, htmlLang))}</a></li>`,
  ).join('');
  const privacyUrl = `/demo/datenschutz${query('')}`;
  return `<!doctype html>
<html lang="${escapeHtml(htmlLang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(titleOf(demo.id, htmlLang))} – Muster Immobilien (${text.demo})</title>
  <link rel="icon" href="/webapp/favicon.ico">
  <style>${STYLE}</style>
  <script>
    window.dataLayer = window.dataLayer || [];
    window.immosuiteConfig = ${JSON.stringify({ privacyUrl, ...(options.nonce ? { nonce: options.nonce } : {}) }).replace(/</g, '\\u003c')};
  </script>
</head>
<body>
  <header>
    <strong>Muster Immobilien GmbH</strong> · ${text.demoPage}
    <nav aria-label="${text.demo}"><ul>${links}</ul></nav>
  </header>
  <main>
    <h1>${escapeHtml(titleOf(demo.id, htmlLang))}</h1>
    <div class="widget" data-immosuite-widget="${escapeHtml(demo.route)}"
         data-title="${escapeHtml(titleOf(demo.id, htmlLang))}"${options.mapConsent ? ' data-map-consent="true"' : ''}></div>
    <h2>${text.tracking}</h2>
    <div id="tracking" aria-live="polite"></div>
  </main>
  <script>
    document.addEventListener('immosuite:tracking', function (e) {
      var line = document.createElement('div');
      line.textContent = JSON.stringify(e.detail);
      document.getElementById('tracking').appendChild(line);
    });
  </script>
  <script src="/webapp/static/embed.js" async></script>
</body>
</html>`;
}

export function privacyPage(lang = 'de'): string {
  const text = textsOf(lang);
  return `<!doctype html><html lang="${isEnglish(lang) ? 'en' : 'de'}"><head><meta charset="utf-8">
<title>${text.privacyTitle}</title><link rel="icon" href="/webapp/favicon.ico">
<style>${STYLE}</style></head><body><main><h1>${escapeHtml(text.privacyHeading)}</h1>
<p>${escapeHtml(text.privacyText)}</p></main></body></html>`;
}
