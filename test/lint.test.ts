/**
 * The lint rules that keep the code's shape, each shown to fire on the code it forbids (and
 * to stay quiet on the code it allows), through the project's own ESLint config.
 */
import path from 'node:path';
import { Linter } from 'eslint';

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
    ['server/app.ts', './submissions/routes'],
    ['server/agency/extra.test.ts', '../submissions/service'],
  ])('%s may import %s', async (file, target) => {
    expect(await rulesFired(file, `import * as other from '${target}';\nvoid other;\n`)).toEqual(
      [],
    );
  });
});
