/**
 * Writes leadMarkup.ts (npm run bench:capture-floor): the lead wizard's category step, and
 * its address step as the tile click paints it (before the map mounts), as the production
 * build renders them, with the styles the page holds at that moment. Only what shows is
 * taken: the steps the wizard keeps hidden (display: none) are left out. Run it after a
 * change to those steps' markup or styles, so that the interaction floor stays the same DOM.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launchBrowser } from '../../e2e/harness';
import { startTestServer } from '../../test/server/testServer';

/** In the page: the visible markup of `main`, without the hidden steps. */
function visibleMain(): string {
  const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
  for (const hidden of main.querySelectorAll<HTMLElement>('[style*="display: none"]'))
    hidden.remove();
  return main.outerHTML.replace(/ style="[^"]*"/g, '');
}

async function main() {
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    await page.goto(`${server.base}/demo/lead-wizard`);
    const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).waitFor();
    // The next step is prepared while the browser is idle: wait until it is there.
    await frame.locator('input[role="combobox"]').waitFor({ state: 'attached' });
    const category = await frame.evaluate(visibleMain);
    const { address, css } = await frame.evaluate(`(async () => {
      const visibleMain = ${visibleMain.toString()};
      const tile = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Wohnung');
      tile.click();
      // React commits a click's update in a microtask; the map waits for the next frame.
      await new Promise((resolve) => queueMicrotask(resolve));
      if (document.querySelector('.leaflet-container')) throw new Error('the map mounted before the capture');
      const css = [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
        .join('\\n');
      return { address: visibleMain(), css };
    })()`);
    if (!category.includes('Wohnung') || !address.includes('Adresse suchen'))
      throw new Error('the captured steps are not the category and address steps');
    const file = path.join(__dirname, 'leadMarkup.ts');
    const q = (text: string) =>
      `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
    fs.writeFileSync(
      file,
      `/**
 * The markup and styles of the lead wizard's first two steps as the widget renders them (its
 * category step, and its address step as it first paints, with the map's placeholder),
 * captured from a production build by captureLeadMarkup.ts (npm run bench:capture-floor).
 * The interaction floor renders them with plain React, so the floor does the same DOM and
 * style work the widget does, without its architecture.
 */
export const CATEGORY_STEP =
  ${q(category)};

export const ADDRESS_STEP =
  ${q(address)};

export const CSS =
  ${q(css)};
`,
    );
    execFileSync('npx', ['prettier', '--write', file], { stdio: 'ignore' });
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
