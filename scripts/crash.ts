/**
 * npm run crash: the reference backend killed with SIGKILL in the middle of submission
 * bursts, restarted on the same database, and every request retried with its Idempotency-Key
 * as the widget retries; then killed the same way in the middle of bursts of confirmations,
 * each retried after the restart as a visitor clicks the link again. Passes when every
 * submission is stored exactly once with exactly one confirmation mail, and every confirmed
 * submission has exactly one agency notice: none lost, none twice. Rounds and burst size:
 * --rounds=N (5), --burst=N (60).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { confirm, freePort, startServer, submit, type Sent } from './serverProcess';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

const start = (dataDir: string, port: number) =>
  startServer({ DATA_DIR: dataDir, RATE_LIMIT_SUBMISSIONS: '1000000' }, port);

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
  const all: Sent[] = [];
  let server = await start(dataDir, port);
  try {
    for (let round = 0; round < rounds; round += 1) {
      const batch = Array.from({ length: burst }, (_, i) => ({
        key: `crash-${round}-${i}-key`,
        email: `crash${round}x${i}@example.de`,
      }));
      all.push(...batch);
      const answers = batch.map(async (sent) => (await submit(port, sent)).status);
      // Kill it while the burst is under way.
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      server.kill('SIGKILL');
      const statuses = await Promise.all(answers);
      const acknowledged = statuses.filter((s) => s === 201).length;
      server = await start(dataDir, port);
      // The widget retries whatever did not answer, with the same key.
      for (const sent of batch) {
        const { status } = await submit(port, sent);
        if (status !== 201) throw new Error(`retry of ${sent.key} answered ${status}`);
      }
      console.log(`round ${round + 1}: ${acknowledged} of ${burst} acknowledged before the kill`);
    }
    // Confirmations: each burst killed under way, every link followed again after the restart.
    const keys = confirmationKeys(dataDir);
    for (let round = 0; round < rounds; round += 1) {
      const batch = all.slice(round * burst, (round + 1) * burst);
      const answers = batch.map(
        async (sent) => (await confirm(port, keys.get(sent.email) ?? '')).status,
      );
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      server.kill('SIGKILL');
      const acknowledged = (await Promise.all(answers)).filter((s) => s === 200).length;
      server = await start(dataDir, port);
      for (const sent of batch) {
        const { status } = await confirm(port, keys.get(sent.email) ?? '');
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
