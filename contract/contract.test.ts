/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACT_JSON, contractText } from './export';
import { openapi } from './openapi';
import { requestConforms } from './validator';
import { startTestServer } from '../test/server/testServer';

/** Every path of Fastify's printed route tree (a line's segment follows its parent's). */
function pathsOfTree(tree: string): string[] {
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    paths.push(path.startsWith('/') ? path : `/${path}`);
  }
  return paths;
}

describe('the contract', () => {
  it('is committed as JSON, up to date (npm run contract)', () => {
    expect(fs.readFileSync(CONTRACT_JSON, 'utf8')).toBe(contractText());
    expect(openapi.openapi).toBe('3.1.0');
  });

  it('gives both sides their request and response types, generated and up to date', () => {
    const root = path.resolve(__dirname, '..');
    const generated = execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/openapi-typescript/bin/cli.js'), 'contract/openapi.json'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(fs.readFileSync(path.join(__dirname, 'types.ts'), 'utf8')).toBe(generated);
  });

  it('names every route the server has, and the server has every route it names', async () => {
    const server = await startTestServer();
    try {
      const routes = server.app.printRoutes({ commonPrefix: false });
      for (const [path, item] of Object.entries(openapi.paths)) {
        for (const method of ['get', 'post', 'put', 'delete'].filter((k) => k in item)) {
          // The agency's paths are served as they are named; the widget's under its prefix.
          const served = path.startsWith('/agency/api/') ? path : `/wp-json/sw-immosuite${path}`;
          const url = served.replace(/\{(\w+)\}/g, ':$1');
          expect(server.app.hasRoute({ method: method.toUpperCase() as 'GET', url })).toBe(true);
        }
      }
      const served = pathsOfTree(routes).flatMap((path) => {
        const widget = /^\/wp-json\/sw-immosuite(\/v1\/.*)$/.exec(path);
        return widget ? [widget[1]!] : path.startsWith('/agency/api/') ? [path] : [];
      });
      expect(served).toContain('/agency/api/submissions.csv');
      for (const path of served) {
        expect(Object.keys(openapi.paths)).toContain(path.replace(/:(\w+)/g, '{$1}'));
      }
    } finally {
      await server.close();
    }
  });

  it('checks requests: a conforming one passes, a broken one names its fault', () => {
    expect(
      requestConforms('post', '/wp-json/sw-immosuite/v1/auth/email', { email: 'a@b.de' }),
    ).toEqual({ ok: true });
    const broken = requestConforms('post', '/v1/wizard/confirm', { key: 'x' });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.errors).toMatch(/must have required property 'k'/);
    expect(requestConforms('post', '/v1/unknown', {}).ok).toBe(false);
  });
});
