/**
 * npm run crash: the reference backend killed with SIGKILL in the middle of submission
 * bursts, restarted on the same database, and every request retried with its Idempotency-Key
 * as the widget retries; then killed the same way in the middle of bursts of confirmations,
 * each retried after the restart as a visitor clicks the link again. Passes when every
 * submission is stored exactly once with exactly one confirmation mail, and every confirmed
 * submission has exactly one agency notice: none lost, none twice. Rounds and burst size:
 * --rounds=N (5), --burst=N (60).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const root = path.resolve(__dirname, '..');
const PREFIX = '/wp-json/sw-immosuite';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function start(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG: '0',
      MIN_FILL_MS: '0',
      RATE_LIMIT_SUBMISSIONS: '1000000',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}${PREFIX}/v1/wizard/locations`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the server did not start');
}

interface Sent {
  key: string;
  email: string;
}

async function submit(port: number, xsrf: string, sent: Sent): Promise<number> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${PREFIX}/v1/wizard/contact`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `XSRF-TOKEN=${xsrf}`,
        'X-XSRF-TOKEN': xsrf,
        'Idempotency-Key': sent.key,
      },
      body: JSON.stringify({
        contact: {
          firstname: 'Crash',
          lastname: 'Test',
          email: sent.email,
          customFields: { dataPrivacy: true, acceptContact: true },
        },
        message: sent.key,
      }),
    });
    return answer.status;
  } catch {
    return 0; // the connection died with the server
  }
}

async function confirm(port: number, xsrf: string, k: string): Promise<number> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${PREFIX}/v1/wizard/confirm`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `XSRF-TOKEN=${xsrf}`,
        'X-XSRF-TOKEN': xsrf,
      },
      body: JSON.stringify({ k }),
    });
    return answer.status;
  } catch {
    return 0; // the connection died with the server
  }
}

/** Each submission's confirmation key, from the link of its mail in the dev outbox. */
function confirmationKeys(dataDir: string): Map<string, string> {
  const db = new Database(path.join(dataDir, 'immosuite.sqlite'), { readonly: true });
  const rows = db.prepare('SELECT recipient, links FROM mails').all() as {
    recipient: string;
    links: string;
  }[];
  db.close();
  const keys = new Map<string, string>();
  for (const row of rows) {
    const link = (JSON.parse(row.links) as string[])[0];
    if (link) keys.set(row.recipient, new URL(link).searchParams.get('k')!);
  }
  return keys;
}

async function main() {
  const rounds = arg('rounds', 5);
  const burst = arg('burst', 60);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-crash-'));
  const port = await freePort();
  const xsrf = 'crash-test-xsrf-token';
  const all: Sent[] = [];
  let server = await start(dataDir, port);
  try {
    for (let round = 0; round < rounds; round += 1) {
      const batch = Array.from({ length: burst }, (_, i) => ({
        key: `crash-${round}-${i}-key`,
        email: `crash${round}x${i}@example.de`,
      }));
      all.push(...batch);
      const answers = batch.map((sent) => submit(port, xsrf, sent));
      // Kill it while the burst is under way.
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      server.kill('SIGKILL');
      const statuses = await Promise.all(answers);
      const acknowledged = statuses.filter((s) => s === 201).length;
      server = await start(dataDir, port);
      // The widget retries whatever did not answer, with the same key.
      for (const sent of batch) {
        const status = await submit(port, xsrf, sent);
        if (status !== 201) throw new Error(`retry of ${sent.key} answered ${status}`);
      }
      console.log(`round ${round + 1}: ${acknowledged} of ${burst} acknowledged before the kill`);
    }
    // Confirmations: each burst killed under way, every link followed again after the restart.
    const keys = confirmationKeys(dataDir);
    for (let round = 0; round < rounds; round += 1) {
      const batch = all.slice(round * burst, (round + 1) * burst);
      const answers = batch.map((sent) => confirm(port, xsrf, keys.get(sent.email) ?? ''));
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      server.kill('SIGKILL');
      const acknowledged = (await Promise.all(answers)).filter((s) => s === 200).length;
      server = await start(dataDir, port);
      for (const sent of batch) {
        const status = await confirm(port, xsrf, keys.get(sent.email) ?? '');
        if (status !== 200) throw new Error(`confirmation of ${sent.email} answered ${status}`);
      }
      console.log(
        `confirmation round ${round + 1}: ${acknowledged} of ${batch.length} acknowledged before the kill`,
      );
    }
  } finally {
    server.kill('SIGKILL');
  }
  const db = new Database(path.join(dataDir, 'immosuite.sqlite'), { readonly: true });
  const stored = db
    .prepare('SELECT message, COUNT(*) AS n FROM contact_messages GROUP BY message')
    .all() as { message: string; n: number }[];
  // Every submission's confirmation mail in the dev outbox, exactly once.
  const mailed = new Map(
    (
      db.prepare('SELECT recipient, COUNT(*) AS n FROM mails GROUP BY recipient').all() as {
        recipient: string;
        n: number;
      }[]
    ).map((row) => [row.recipient, row.n]),
  );
  // The agency's notices: each names its submission by the inbox link it carries.
  const notices = new Map<string, number>();
  for (const body of db
    .prepare(`SELECT body FROM mails WHERE recipient = 'makler@immosuite.local'`)
    .pluck()
    .all() as string[]) {
    const uuid = /\/agency\/submissions\/([0-9a-f-]{36})/.exec(body)?.[1] ?? '?';
    notices.set(uuid, (notices.get(uuid) ?? 0) + 1);
  }
  // The crash test's submissions (the seed's demo customer has confirmed ones of its own).
  const confirmed = db
    .prepare(
      `SELECT s.uuid FROM submissions s JOIN contact_messages m ON m.submission_id = s.id
       WHERE s.status = 'confirmed' AND m.message LIKE 'crash-%'`,
    )
    .pluck()
    .all() as string[];
  // The funnel's counts of the contact form, written in the same transactions.
  const funnel = Object.fromEntries(
    (
      db
        .prepare(
          `SELECT stage, SUM(count) AS n FROM funnel_counts
           WHERE wizard = 'contact-form-wizard' GROUP BY stage`,
        )
        .all() as { stage: string; n: number }[]
    ).map((row) => [row.stage, row.n]),
  ) as { sent?: number; confirmed?: number };
  db.close();
  const count = new Map(stored.map((row) => [row.message, row.n]));
  const lost = all.filter((sent) => !count.has(sent.key)).length;
  const twice = stored.filter((row) => row.n > 1).length;
  const mailsWrong = all.filter((sent) => mailed.get(sent.email) !== 1).length;
  const unconfirmed = all.length - confirmed.length;
  const noticesLost = confirmed.filter((uuid) => !notices.has(uuid)).length;
  const noticesTwice = [...notices.values()].filter((n) => n > 1).length;
  console.log(
    `crash: ${rounds} SIGKILL rounds, ${all.length} submissions: ${all.length - lost} stored, ${lost} lost, ${twice} stored twice; ${mailsWrong} without exactly one confirmation mail`,
  );
  console.log(
    `crash: ${rounds} SIGKILL rounds of confirmations: ${confirmed.length} confirmed, ${unconfirmed} not; agency notices: ${notices.size} sent, ${noticesLost} lost, ${noticesTwice} sent twice`,
  );
  console.log(
    `crash: the funnel counts ${funnel.sent ?? 0} sent and ${funnel.confirmed ?? 0} confirmed contact messages`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  const ok =
    funnel.sent === all.length &&
    funnel.confirmed === confirmed.length &&
    lost === 0 &&
    twice === 0 &&
    mailsWrong === 0 &&
    unconfirmed === 0 &&
    noticesLost === 0 &&
    noticesTwice === 0 &&
    notices.size === all.length;
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
