/**
 * npm run replay -- log.json [--until N] [--expect state.json] [--json]
 *
 * Replays a QA action log (decision 17) in Node: the store's reducers with every screen's
 * slices, no sagas. Prints the state after the last (or N-th) action and every divergence
 * from the log's checkpoints (and from --expect), as text or as JSON. Exit codes: 0 the replay
 * agrees, 1 it diverges, 2 the log or the arguments cannot be used (one line on stderr).
 */
import fs from 'node:fs';
import { SCREENS } from '../src/app/screens';
import { loadFeatures } from '../src/app/loadFeatures';
import { rootReducer } from '../src/app/store';
import {
  ActionLogError,
  firstDifference,
  parseActionLog,
  plain,
  project,
  replayLog,
  type Divergence,
  type Reducer,
} from '../src/qa/log';

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

class UsageError extends Error {}

const USAGE = 'usage: npm run replay -- log.json [--until N] [--expect state.json] [--json]';

function parseArgs(argv: string[]) {
  let file: string | null = null;
  let until: number | undefined;
  let expect: string | null = null;
  let json = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--until' || arg === '--expect') {
      const value = argv[(i += 1)];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      if (arg === '--expect') expect = value;
      else {
        until = Number(value);
        if (!Number.isInteger(until) || until < 0)
          throw new UsageError(`--until: "${value}" is not a whole number of actions`);
      }
    } else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else if (file === null) file = arg;
    else throw new UsageError(`one log at a time (got ${file} and ${arg})`);
  }
  if (!file) throw new UsageError(USAGE);
  return { file, until, expect, json };
}

function read(file: string, what: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`,
    );
  }
}

const describe = (d: Divergence) =>
  d.index < 0
    ? `divergence before the first action: ${d.path}`
    : `divergence after action ${d.index} (${d.actionType}): ${d.path}`;

/** Runs the replay; returns the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  try {
    const args = parseArgs(argv);
    const log = parseActionLog(read(args.file, 'log'));
    await loadFeatures(SCREENS);
    const replayed = replayLog(log, rootReducer as Reducer, args.until);
    // The slices the recorded store had (the replay's store has every screen's).
    const result = { ...replayed, state: project(replayed.state, log.slices) };
    const divergences = [...result.divergences];
    if (args.expect) {
      let expected: unknown;
      try {
        expected = JSON.parse(read(args.expect, 'expected state'));
      } catch (error) {
        if (error instanceof UsageError) throw error;
        throw new UsageError(`expected state ${args.expect}: not JSON`);
      }
      const path = firstDifference(expected, plain(result.state));
      if (path) {
        const index = result.applied - 1;
        divergences.push({
          index,
          after: result.applied,
          actionType: index >= 0 ? log.entries[index]!.action.type : null,
          path: `${path} (--expect)`,
        });
      }
    }
    if (args.json) {
      io.out(
        JSON.stringify(
          {
            applied: result.applied,
            total: log.entries.length,
            divergences,
            state: plain(result.state),
          },
          null,
          2,
        ),
      );
    } else {
      io.out(
        `replayed ${result.applied} of ${log.entries.length} actions (route ${log.route || '-'}, app ${log.appVersion}, ${log.redacted ? 'redacted' : 'not redacted'})`,
      );
      for (const divergence of divergences) io.out(describe(divergence));
      if (!divergences.length) io.out('no divergence from the checkpoints');
      io.out(JSON.stringify(plain(result.state), null, 2));
    }
    return divergences.length ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ActionLogError) {
      io.err(`replay: ${error.message}`);
      return 2;
    }
    io.err(`replay: ${(error as Error).message?.split('\n')[0] ?? String(error)}`);
    return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  }).then((code) => process.exit(code));
}
