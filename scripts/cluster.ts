/**
 * npm run cluster: two server processes on one PostgreSQL database (a throw-away cluster of
 * Debian's postgresql). Submission bursts with Idempotency-Keys are spread over both; in each
 * round one process is killed with SIGKILL mid-burst, and every request of the burst is sent
 * again to the other one, as a widget retries behind a load balancer. Then: every login key
 * works on either process, a session opened on one is valid on the other, and a rate limit
 * counts the hits of both. Last, matching's race (scripts/matchingRace.ts): leads stored on
 * both while contacts toggle and edit their searches on both, then every pair compared. Passes
 * when no acknowledged submission is lost, none is stored twice, every retry gets the first
 * answer's uuid, no pair is stale or missing, and each check above holds.
 * --rounds=N (4), --burst=N (60), --race-leads=N (40 a writer, 8 writers),
 * --race-changes=N (20 a contact, 16 contacts). Skipped, with one line, without PostgreSQL installed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, startTestCluster } from '../test/server/postgres';
import { raceMatching } from './matchingRace';
import {
  confirm,
  freePort,
  keyOfLink,
  post,
  PREFIX,
  startServer,
  submit,
  XSRF,
  type Sent,
} from './serverProcess';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

async function main() {
  const rounds = arg('rounds', 4);
  const burst = arg('burst', 60);
  const cluster = await startTestCluster();
  if (!cluster) {
    console.log('cluster: PostgreSQL is not installed (no initdb found): skipped');
    return true;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-cluster-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: await createTestDatabase(cluster.url),
    RATE_LIMIT_SUBMISSIONS: '1000000',
    RATE_LIMIT_LOGIN_MAILS: '3',
    RATE_LIMIT_LOGIN_CLIENT: '1000',
    RATE_LIMIT_SEARCH_CHANGES: '1000000',
  };
  const ports = [await freePort(), await freePort()] as const;
  const servers = [await startServer(env, ports[0]), await startServer(env, ports[1])];
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const problems: string[] = [];
  try {
    const all: Sent[] = [];
    const uuids = new Map<string, string>();
    for (let round = 0; round < rounds; round += 1) {
      const victim = round % 2;
      const survivor = 1 - victim;
      const batch = Array.from({ length: burst }, (_, i) => ({
        key: `cluster-${round}-${i}-key`,
        email: `cluster${round}x${i}@example.de`,
      }));
      all.push(...batch);
      // Spread over both processes, one of which dies under way.
      const answers = batch.map((sent, i) => submit(ports[i % 2]!, sent));
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      servers[victim]!.kill('SIGKILL');
      const first = await Promise.all(answers);
      let acknowledged = 0;
      first.forEach((answer, i) => {
        if (answer.status === 201) {
          acknowledged += 1;
          uuids.set(batch[i]!.key, answer.body!.uuid as string);
        }
      });
      // Every request again, to the process that lives: the first answer, or a new one.
      for (const sent of batch) {
        const retry = await submit(ports[survivor], sent);
        if (retry.status !== 201) problems.push(`retry of ${sent.key} answered ${retry.status}`);
        const known = uuids.get(sent.key);
        if (known && retry.body?.uuid !== known)
          problems.push(`retry of ${sent.key} got another uuid`);
        uuids.set(sent.key, retry.body?.uuid as string);
      }
      servers[victim] = await startServer(env, ports[victim]);
      console.log(
        `round ${round + 1}: ${acknowledged} of ${burst} acknowledged before process ${victim + 1} was killed`,
      );
    }
    const stored = new Map(
      (
        await db.query(
          `SELECT message, COUNT(*) AS n FROM contact_messages WHERE message LIKE 'cluster-%'
           GROUP BY message`,
        )
      ).rows.map((row) => [row.message as string, Number(row.n)]),
    );
    const lost = all.filter((sent) => !stored.has(sent.key)).length;
    const twice = [...stored.values()].filter((n) => n > 1).length;
    const mails = new Map(
      (
        await db.query(
          `SELECT recipient, COUNT(*) AS n FROM mails WHERE recipient LIKE 'cluster%' GROUP BY recipient`,
        )
      ).rows.map((row) => [row.recipient as string, Number(row.n)]),
    );
    const mailsWrong = all.filter((sent) => mails.get(sent.email) !== 1).length;
    console.log(
      `cluster: ${rounds} SIGKILL rounds over 2 processes, ${all.length} submissions: ${all.length - lost} stored, ${lost} lost, ${twice} stored twice; ${mailsWrong} without exactly one confirmation mail`,
    );
    if (lost || twice || mailsWrong) problems.push('submissions lost, doubled or mis-mailed');

    // Login keys and sessions across the processes: a contact confirmed on one process asks
    // for login links, each used on the process that did not mail it.
    const email = all[0]!.email;
    const linkOf = async (to: string) =>
      (
        await db.query(`SELECT links FROM mails WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [
          to,
        ])
      ).rows[0].links as string;
    await confirm(ports[0], keyOfLink(JSON.parse(await linkOf(email))[0]));
    let keysUsed = 0;
    let sessionsShared = 0;
    for (const [asked, used] of [
      [0, 1],
      [1, 0],
    ] as const) {
      await post(ports[asked], '/v1/auth/email', { email });
      const k = keyOfLink(JSON.parse(await linkOf(email))[0]);
      const login = await fetch(`http://127.0.0.1:${ports[used]}${PREFIX}/v1/auth/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: `XSRF-TOKEN=${XSRF}`,
          'X-XSRF-TOKEN': XSRF,
        },
        body: JSON.stringify({ k }),
      });
      if (login.status === 200) keysUsed += 1;
      const session = login.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]!)
        .find((pair) => pair.startsWith('immosuite_session='));
      const cookie = `XSRF-TOKEN=${XSRF}; ${session}`;
      const nonce = await fetch(`http://127.0.0.1:${ports[used]}${PREFIX}/v1/auth/login/nonce`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': XSRF },
        body: JSON.stringify({ k }),
      });
      const { nonce: value } = (await nonce.json()) as { nonce: string };
      // The session, opened on `used`, asked of the other process.
      const me = await fetch(`http://127.0.0.1:${ports[asked]}${PREFIX}/v1/contact`, {
        headers: { Cookie: cookie, 'X-WP-Nonce': value },
      });
      if (me.status === 200 && ((await me.json()) as { email: string }).email === email)
        sessionsShared += 1;
    }
    console.log(
      `cluster: login keys used on the other process: ${keysUsed} of 2; sessions valid on the other process: ${sessionsShared} of 2`,
    );
    if (keysUsed !== 2 || sessionsShared !== 2) problems.push('login keys or sessions not shared');

    // The login-mail limit of one address (3 a window) counts the hits of both processes:
    // two were sent above, so one more passes and the next is refused, on either process.
    const statuses = [
      (await post(ports[0], '/v1/auth/email', { email })).status,
      (await post(ports[1], '/v1/auth/email', { email })).status,
    ];
    console.log(`cluster: login mails 3 and 4 of one address, on process 1 then 2: ${statuses}`);
    if (statuses.join() !== '200,429') problems.push('the rate limit is not counted across both');

    // Pairs under concurrency: leads stored while searches are toggled and edited, on both.
    problems.push(
      ...(await raceMatching(db, ports, {
        writers: 8,
        leadsEach: arg('race-leads', 40),
        contacts: 16,
        changesEach: arg('race-changes', 20),
      })),
    );
  } finally {
    for (const server of servers) server.kill('SIGKILL');
    await db.end();
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  for (const problem of problems) console.error(`cluster: ${problem}`);
  return problems.length === 0;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
