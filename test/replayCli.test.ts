import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../scripts/replay';
import { leadJourney } from './actionLogs';
import { plain } from '../src/qa/log';

describe('npm run replay', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-replay-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
    return file;
  };
  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err };
  }

  it('prints the final state of a log that replays as recorded, and exits 0', async () => {
    const { recorder, store } = leadJourney();
    const file = write('log.json', recorder.exportLog({ redact: false }));
    const { code, out, err } = await run(file);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toMatch(/^replayed (\d+) of \1 actions \(route lead-wizard/);
    expect(out).toContain('no divergence from the checkpoints');
    const json = await run(file, '--json');
    expect(JSON.parse(json.out)).toMatchObject({ divergences: [], state: plain(store.getState()) });
  });

  it('stops at --until and compares with --expect', async () => {
    const { recorder, store } = leadJourney();
    const log = recorder.exportLog({ redact: false });
    const file = write('log.json', log);
    const partial = JSON.parse((await run(file, '--until', '2', '--json')).out) as {
      applied: number;
    };
    expect(partial.applied).toBe(2);
    const same = write('same.json', plain(store.getState()));
    expect((await run(file, '--expect', same)).code).toBe(0);
    const other = plain(store.getState()) as { leadWizard: { categoryId: number } };
    other.leadWizard.categoryId = 22332;
    const { code, out } = await run(file, '--expect', write('other.json', other));
    expect(code).toBe(1);
    expect(out).toContain(
      `divergence after action ${log.entries.length - 1} (leadWizard/submitRequested): $.leadWizard.categoryId (--expect)`,
    );
  });

  it('exits 1 naming the action of a tampered payload', async () => {
    const { recorder } = leadJourney();
    const log = recorder.exportLog();
    const index = log.entries.findIndex((e) => e.action.type === 'leadWizard/categoryChosen');
    log.entries[index]!.action.payload = 22332;
    const { code, out } = await run(write('log.json', log));
    expect(code).toBe(1);
    expect(out).toContain(
      `divergence after action ${index} (leadWizard/categoryChosen): $.leadWizard.categoryId`,
    );
  });

  it('exits 2 with one line, never a stack trace, for what it cannot read', async () => {
    const { recorder } = leadJourney();
    const old = { ...recorder.exportLog(), schemaVersion: 1 };
    const cases: [string[], RegExp][] = [
      [[], /^replay: usage: npm run replay -- log\.json/],
      [[path.join(dir, 'missing.json')], /^replay: log .*missing\.json: ENOENT$/],
      [[write('text.json', 'hello')], /^replay: not JSON/],
      [[write('old.json', old)], /^replay: schema version 1 is not supported/],
      [[write('a.json', recorder.exportLog()), '--until', 'x'], /^replay: --until: "x"/],
      [[write('b.json', recorder.exportLog()), '--speed'], /^replay: unknown option --speed$/],
    ];
    for (const [argv, message] of cases) {
      const { code, err, out } = await run(...argv);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(message);
      expect(err[0]).not.toMatch(/\n|at .*\(/);
    }
  });
});
