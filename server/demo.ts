/**
 * The demo host pages (DECISIONS 14): a plain agency page per route that embeds the widget
 * exactly as an agency would, through the embed script.
 */
export const DEMO_ROUTES = [
  { route: 'lead-wizard', title: 'Immobilie verkaufen oder vermieten', params: '' },
  { route: 'saved-search-wizard', title: 'Suchprofil anlegen', params: '' },
  {
    route: 'expose-inquiry-wizard',
    title: 'Anfrage zum Exposé',
    params: 'objectId=1&customObjectId=W-1001',
  },
  { route: 'contact-form-wizard', title: 'Kontakt', params: '' },
  { route: 'newsletter-wizard', title: 'Newsletter', params: '' },
  { route: 'login', title: 'Kundenportal', params: '' },
] as const;

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

export function demoPage(route: string, lang: string): string {
  const demo = DEMO_ROUTES.find((r) => r.route === route) ?? DEMO_ROUTES[0];
  const htmlLang = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang) ? lang : 'de';
  const links = DEMO_ROUTES.map(
    (r) =>
      `<li><a href="/demo/${r.route}${r.params ? `?${r.params}` : ''}">${escapeHtml(r.title)}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="${escapeHtml(htmlLang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(demo.title)} – Muster Immobilien (Demo)</title>
  <style>${STYLE}</style>
  <script>
    window.dataLayer = window.dataLayer || [];
    window.immosuiteConfig = { privacyUrl: '/demo/datenschutz' };
  </script>
</head>
<body>
  <header>
    <strong>Muster Immobilien GmbH</strong> · Demo-Seite
    <nav aria-label="Demo"><ul>${links}</ul></nav>
  </header>
  <main>
    <h1>${escapeHtml(demo.title)}</h1>
    <div class="widget" data-immosuite-widget="${escapeHtml(demo.route)}"
         data-title="${escapeHtml(demo.title)}"></div>
    <h2>Tracking</h2>
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

export function privacyPage(): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Datenschutz</title>
<style>${STYLE}</style></head><body><main><h1>Datenschutzerklärung (Demo)</h1>
<p>Dies ist die Beispiel-Datenschutzerklärung der Demo-Agentur.</p></main></body></html>`;
}
