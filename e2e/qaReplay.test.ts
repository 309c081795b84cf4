import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from './harness';
import { leadCategoryFirst, SUCCESS } from './journeys';

const ctx = serverAndBrowser();
const root = path.join(__dirname, '..');

/** `npm run replay -- file --json`, as QA staff run it. */
async function replayInNode(file: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'replay.ts'), file, '--json'],
    { cwd: root },
  );
  return JSON.parse(stdout) as {
    applied: number;
    total: number;
    divergences: unknown[];
    state: { leadWizard: { status: string; categoryId: number } };
  };
}

async function downloadFromPanel(page: Page, dir: string, keepPersonal: boolean) {
  const panel = page.getByRole('region', { name: 'QA-Aufzeichnung läuft' });
  await panel
    .getByRole('checkbox', { name: 'Persönliche Daten nicht unkenntlich machen' })
    .setChecked(keepPersonal);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Protokoll herunterladen' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^immosuite-action-log-lead-wizard-.*\.json$/);
  const file = path.join(
    dir,
    `${keepPersonal ? 'raw' : 'redacted'}-${download.suggestedFilename()}`,
  );
  await download.saveAs(file);
  await panel
    .getByRole('status')
    .filter({ hasText: /heruntergeladen/ })
    .waitFor();
  return file;
}

describe('QA action logs', () => {
  it('a lead journey recorded on the widget replays to the same state in Node and plays on /demo/replay', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-qa-'));
    const context = await ctx.browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1100, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${ctx.server.baseUrl}/webapp/lead-wizard?qa=record`);
    await page.getByRole('region', { name: 'QA-Aufzeichnung läuft' }).waitFor();
    await leadCategoryFirst(page, 'qa.recorded@example.de');

    // Redacted (the default): no personal data, and it replays in Node without divergence.
    const redacted = await downloadFromPanel(page, dir, false);
    const text = fs.readFileSync(redacted, 'utf8');
    assert.doesNotMatch(text, /Erika|Mustermann|qa\.recorded|Kastanienallee/);
    const fromRedacted = await replayInNode(redacted);
    assert.deepEqual(fromRedacted.divergences, []);
    assert.equal(fromRedacted.state.leadWizard.status, 'sent');

    // With personal data: the replay ends in exactly the state the live store had.
    const raw = await downloadFromPanel(page, dir, true);
    const rawLog = JSON.parse(fs.readFileSync(raw, 'utf8')) as {
      faithful: boolean;
      checkpoints: { state: unknown }[];
    };
    assert.equal(rawLog.faithful, true);
    const fromRaw = await replayInNode(raw);
    assert.deepEqual(fromRaw.divergences, []);
    assert.deepEqual(fromRaw.state, rawLog.checkpoints.at(-1)!.state);
    assert.equal(fromRaw.state.leadWizard.categoryId, 30225);

    // The demo replay page plays the redacted log into the real lead wizard to its success.
    const replayPage = await context.newPage();
    await replayPage.goto(`${ctx.server.baseUrl}/demo/replay`);
    const frame = (await (await replayPage.waitForSelector('iframe')).contentFrame())!;
    await frame.getByLabel('Protokolldatei (JSON)').setInputFiles(redacted);
    const controls = frame.getByRole('group', { name: 'Wiedergabe' });
    await controls.getByRole('button', { name: 'Abspielen' }).waitFor();
    const results = await new AxeBuilder({ page: replayPage }).include('iframe').analyze();
    assert.deepEqual(
      results.violations.map((v) => v.id),
      [],
    );
    // Step once by keyboard, then play without pauses to the end.
    await controls.getByRole('button', { name: 'Einzelschritt' }).focus();
    await replayPage.keyboard.press('Enter');
    await frame.getByText('Nr. 0: host/initAccepted', { exact: false }).waitFor();
    await controls.getByLabel('Geschwindigkeit').selectOption({ label: 'ohne Pausen' });
    await controls.getByRole('button', { name: 'Abspielen' }).click();
    await controls.getByRole('status').filter({ hasText: 'Ende des Protokolls.' }).waitFor();
    const replayed = frame.getByRole('region', { name: 'Abgespielte Ansicht (nur Anzeige)' });
    await replayed.getByText(SUCCESS.de).waitFor();
    assert.equal(await frame.getByText('Alle Prüfpunkte bis hier stimmen überein.').count(), 1);
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the host page starts recording and exports the log through the mount handle', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    await page.goto(`${ctx.server.baseUrl}/demo/lead-wizard`);
    await page.waitForSelector('iframe');
    // Two more widgets mounted by script: one records from its init on, one on request.
    await page.evaluate(`(() => {
      const make = (options) => {
        const target = document.createElement('div');
        document.body.append(target);
        return window.Immosuite.mount(target, { route: 'lead-wizard', ...options });
      };
      window.qa = { byConfig: make({ config: { options: { recordActions: true } } }), byCall: make({}) };
    })()`);
    type Handles = {
      qa: Record<string, { exportLog(): Promise<unknown>; startRecording(): void }>;
    };
    const exportOf = (name: string) =>
      page.evaluate(
        (n) =>
          (window as unknown as Handles).qa[n]!.exportLog().then(
            (log) => log as { entries: { action: { type: string } }[]; redacted: boolean },
            (error: Error) => error.message,
          ),
        name,
      );
    const byConfig = (await (await page.waitForSelector('iframe >> nth=1')).contentFrame())!;
    const byCall = (await (await page.waitForSelector('iframe >> nth=2')).contentFrame())!;

    await byConfig.getByRole('button', { name: 'Haus', exact: true }).click();
    await byConfig.getByRole('heading', { name: /Schritt 2 von 4/ }).waitFor();
    const recorded = await exportOf('byConfig');
    assert.ok(typeof recorded === 'object');
    assert.equal(recorded.redacted, true);
    assert.equal(recorded.entries[0]!.action.type, 'host/initAccepted');
    assert.ok(recorded.entries.some((e) => e.action.type === 'leadWizard/categoryChosen'));

    await byCall.getByRole('button', { name: 'Wohnung', exact: true }).waitFor();
    assert.equal(await exportOf('byCall'), 'Immosuite: nothing recorded: start recording first');
    await page.evaluate(() => (window as unknown as Handles).qa.byCall!.startRecording());
    await byCall.getByRole('region', { name: 'QA-Aufzeichnung läuft' }).waitFor();
    await byCall.getByRole('button', { name: 'Wohnung', exact: true }).click();
    await byCall.getByRole('heading', { name: /Schritt 2 von 4/ }).waitFor();
    const started = await exportOf('byCall');
    assert.ok(typeof started === 'object');
    assert.equal(started.entries[0]!.action.type, 'leadWizard/categoryChosen');
    await page.context().close();
  });
});
