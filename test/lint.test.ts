/**
 * The lint rules that keep the code's shape, each shown to fire on the code it forbids (and
 * to stay quiet on the code it allows), through the project's own ESLint config.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { importCycles } from './importCycles';

const root = path.resolve(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../eslint.config.cjs') as Linter.Config[];
const linter = new Linter({ cwd: root });

async function rulesFired(file: string, code: string): Promise<string[]> {
  return linter.verify(code, config, path.join(root, file)).map((m) => m.ruleId ?? m.message);
}

describe('lint rules', () => {
  it.each([
    'src/ui/Widget.tsx',
    'src/parts/contactForm/Extra.ts',
    'src/wizard/extra.ts',
    'src/host/extra.ts',
    'src/app/extra.ts',
    'src/session/extra.ts',
    'src/api/extra.ts',
  ])('%s may not import a feature', async (file) => {
    const depth = file.split('/').length - 2;
    const up = '../'.repeat(depth);
    expect(
      await rulesFired(
        file,
        `import { feature } from '${up}features/leadWizard';\nvoid feature;\n`,
      ),
    ).toContain('no-restricted-imports');
  });

  it('a feature may import the shared layers', async () => {
    expect(
      await rulesFired(
        'src/features/leadWizard/extra.ts',
        "import { stepMachine } from '../../wizard/stepMachine';\nvoid stepMachine;\n",
      ),
    ).toEqual([]);
  });

  it('raw react-redux hooks stay in app/hooks.ts', async () => {
    const code = "import { useSelector } from 'react-redux';\nvoid useSelector;\n";
    expect(await rulesFired('src/features/leadWizard/extra.ts', code)).toContain(
      'no-restricted-imports',
    );
    expect(await rulesFired('src/ui/extra.ts', code)).toContain('no-restricted-imports');
  });

  it('fetch only in src/api, and no literal text in screens', async () => {
    expect(await rulesFired('src/ui/extra.ts', "void fetch('/x');\n")).toContain(
      'no-restricted-globals',
    );
    expect(await rulesFired('src/api/extra.ts', "void fetch('/x');\n")).toEqual([]);
    expect(
      await rulesFired('src/ui/Hello.tsx', 'export const Hello = () => <p>Hallo</p>;\n'),
    ).toContain('react/jsx-no-literals');
  });

  it('imports stand at the top of a file', async () => {
    const late = "const a = 1;\nimport { b } from './b';\nvoid a;\nvoid b;\n";
    expect(await rulesFired('src/ui/extra.ts', late)).toContain('no-restricted-syntax');
    expect(await rulesFired('server/extra.ts', late)).toContain('no-restricted-syntax');
    expect(
      await rulesFired(
        'src/ui/extra.ts',
        "import { a } from './a';\nexport { c } from './c';\nimport { b } from './b';\nvoid a;\nvoid b;\n",
      ),
    ).toEqual([]);
  });

  it("a backend path is only a call's path, never built by hand", async () => {
    const fired = (code: string) => rulesFired('src/features/portal/extra.ts', code);
    expect(await fired('export const p = (id: string) => `/v1/saved-search/${id}`;\n')).toContain(
      'no-restricted-syntax',
    );
    expect(await fired("export const p = '/v1/contact';\n")).toContain('no-restricted-syntax');
    expect(await fired("export const p = '/agency/api/funnel';\n")).toContain(
      'no-restricted-syntax',
    );
    expect(
      await fired("export const r = { method: 'GET', path: '/v1/saved-search/{uuid}' };\n"),
    ).toEqual([]);
    expect(await rulesFired('src/api/extra.ts', "export const p = '/v1/contact';\n")).toEqual([]);
  });
});

describe('import cycles', () => {
  it('the client has none', () => {
    expect(importCycles(path.join(root, 'src'))).toEqual([]);
  });

  it('are found through static and dynamic imports, not through type-only ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-cycles-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'routes.ts'),
        "import { SCREENS } from './screens';\nvoid SCREENS;\n",
      );
      fs.writeFileSync(
        path.join(dir, 'screens.ts'),
        "export const SCREENS = [() => import('./portal')];\n",
      );
      fs.writeFileSync(path.join(dir, 'portal.ts'), "import { x } from './routes';\nvoid x;\n");
      fs.writeFileSync(
        path.join(dir, 'typed.ts'),
        "import type { T } from './uses';\nexport type U = T;\n",
      );
      fs.writeFileSync(path.join(dir, 'uses.ts'), "import { u } from './typed';\nvoid u;\n");
      expect(importCycles(dir)).toEqual([['portal.ts', 'routes.ts', 'screens.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the server's layers", () => {
  it.each([
    ['server/db/extra.ts', '../submissions/service'],
    ['server/db/extra.ts', '../http/context'],
    ['server/db/extra.ts', '../delivery/outbox'],
    ['server/delivery/extra.ts', '../agency/notices'],
    ['server/delivery/extra.ts', '../http/errors'],
    ['server/net/extra.ts', '../db/sql'],
    ['server/net/extra.ts', '../http/errors'],
    ['server/http/extra.ts', '../agency/records'],
    ['server/mail/extra.ts', '../api/auth'],
    ['server/agency/extra.ts', '../api/auth'],
    ['server/agency/extra.ts', '../submissions/service'],
    ['server/submissions/extra.ts', '../api/savedSearches'],
    ['server/api/extra.ts', '../routes'],
    ['server/agency/extra.ts', '../app'],
    ['server/matching/extra.ts', '../submissions/savedSearch'],
    ['server/matching/extra.ts', '../http/context'],
    ['server/geo/extra.ts', '../matching/match'],
  ])('%s may not import %s', async (file, target) => {
    expect(await rulesFired(file, `import * as other from '${target}';\nvoid other;\n`)).toContain(
      'no-restricted-imports',
    );
  });

  it.each([
    ['server/api/extra.ts', '../submissions/savedSearch'],
    ['server/api/extra.ts', '../agency/notices'],
    ['server/submissions/extra.ts', '../agency/records'],
    ['server/submissions/extra.ts', '../delivery/outbox'],
    ['server/agency/extra.ts', '../http/context'],
    ['server/http/extra.ts', '../delivery/outbox'],
    ['server/http/extra.ts', '../../contract/agency'],
    ['server/db/extra.ts', '../geo/regions'],
    ['server/delivery/extra.ts', '../net/body'],
    ['server/geo/extra.ts', '../net/body'],
    ['server/matching/extra.ts', '../geo/regions'],
    ['server/submissions/extra.ts', '../matching/terms'],
    ['server/app.ts', './submissions/routes'],
    ['server/agency/extra.test.ts', '../submissions/service'],
  ])('%s may import %s', async (file, target) => {
    expect(await rulesFired(file, `import * as other from '${target}';\nvoid other;\n`)).toEqual(
      [],
    );
  });
});
