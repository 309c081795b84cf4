/**
 * @jest-environment node
 *
 * The built widget's pages and assets: frame-ancestors from ALLOWED_ORIGINS and the security
 * headers, assets pre-compressed, source maps only when asked for.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PREFIX, startTestServer } from '../test/server/testServer';

describe("the widget's pages", () => {
  it('lets only the allowed origins frame the widget, and nothing frame the rest', async () => {
    // A built widget of its own, so the test does not depend on npm run build.
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-static-'));
    const inline = "document.body.className += ' not-supported';";
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      `<!doctype html><html><head><meta name="immosuite:allowed-origins" content=""></head><body><div id="root"></div><script nomodule>${inline}</script><script src="/webapp/static/app.js" defer></script></body></html>`,
    );
    fs.writeFileSync(path.join(staticDir, 'embed.js'), '/* embed */');
    const allowed = await startTestServer({
      ALLOWED_ORIGINS: 'https://agency.example, https://evil.example;script-src *',
      STATIC_DIR: staticDir,
    });
    try {
      const page = await fetch(`${allowed.base}/webapp/lead-wizard`);
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/frame-ancestors 'self' https:\/\/agency\.example$/);
      expect(csp).not.toContain('evil');
      const hash = crypto.createHash('sha256').update(inline).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(page.headers.get('x-frame-options')).toBeNull();
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      const api = await fetch(`${allowed.base}${PREFIX}/v1/wizard/locations`);
      expect(api.headers.get('x-frame-options')).toBe('DENY');
      expect(api.headers.get('x-content-type-options')).toBe('nosniff');
      expect(api.headers.get('referrer-policy')).toBe('no-referrer');
      // Answers that no route gave (404) and refusals carry them too.
      const missing = await fetch(`${allowed.base}${PREFIX}/v1/nothing`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-frame-options')).toBe('DENY');
      const refused = await fetch(`${allowed.base}${PREFIX}/v1/wizard/lead`, { method: 'POST' });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
      const demo = await fetch(`${allowed.base}/demo/lead-wizard`);
      expect(demo.headers.get('x-frame-options')).toBe('DENY');
      // Agencies' pages load the embed script from here.
      const embed = await fetch(`${allowed.base}/webapp/static/embed.js`);
      expect(embed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    } finally {
      await allowed.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('assets go out pre-compressed, source maps only when asked for', () => {
  function builtWidget() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-static-'));
    const code = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    fs.writeFileSync(path.join(dir, 'app.12ab34.js'), code);
    fs.writeFileSync(path.join(dir, 'app.12ab34.js.gz'), zlib.gzipSync(code));
    fs.writeFileSync(path.join(dir, 'app.12ab34.js.br'), zlib.brotliCompressSync(code));
    fs.writeFileSync(path.join(dir, 'app.12ab34.js.map'), '{"version":3}');
    return dir;
  }

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])('Accept-Encoding %s gets %s', async (accept, encoding) => {
    const dir = builtWidget();
    const served = await startTestServer({ STATIC_DIR: dir });
    try {
      const answer = await fetch(`${served.base}/webapp/static/app.12ab34.js`, {
        headers: { 'Accept-Encoding': accept },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(await answer.text()).toContain('console.log');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves source maps only with SOURCE_MAPS=1', async () => {
    const dir = builtWidget();
    for (const [env, status] of [
      [{}, 404],
      [{ SOURCE_MAPS: '1' }, 200],
    ] as const) {
      const served = await startTestServer({ STATIC_DIR: dir, ...env });
      try {
        expect((await fetch(`${served.base}/webapp/static/app.12ab34.js.map`)).status).toBe(status);
      } finally {
        await served.close();
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
