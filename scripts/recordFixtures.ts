/**
 * npm run fixtures:record: re-records the QA action-log fixtures (test/fixtures/action-logs)
 * by driving each recorded journey in Chromium against the reference backend, on the widget
 * opened on its own with ?qa=record, and exporting the redacted log. Run it when a change to
 * a journey's actions or state is intended; `npm test` replays the fixtures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, startServer } from '../e2e/harness';
import { FIXTURE_JOURNEYS } from '../e2e/journeys';

const dir = path.join(__dirname, '..', 'test', 'fixtures', 'action-logs');

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const journey of FIXTURE_JOURNEYS) {
      const page = await (
        await browser.newContext({ viewport: { width: 1100, height: 900 } })
      ).newPage();
      await page.goto(`${server.baseUrl}/webapp/${journey.path}`);
      await journey.run(page, `fixture-${journey.name}@example.de`);
      const log = await page.evaluate(() =>
        (window as unknown as { immosuiteQA: { exportLog(): unknown } }).immosuiteQA.exportLog(),
      );
      const file = path.join(dir, `${journey.name}.json`);
      fs.writeFileSync(file, `${JSON.stringify(log, null, 2)}\n`);
      console.log(
        `${path.relative(process.cwd(), file)}: ${(log as { entries: unknown[] }).entries.length} actions`,
      );
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
