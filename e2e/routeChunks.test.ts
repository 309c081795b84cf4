/**
 * Each route loads only its own code (issues #7, #9): opening a route's demo page in Chromium
 * downloads its own screen chunk and no other screen's, and the map only where a step shows one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCREENS } from '../src/app/screens';
import { firstScreenShown, openInFrame, serverAndBrowser } from './harness';

const ctx = serverAndBrowser();

const MAP_ROUTES = ['lead-wizard', 'saved-search-wizard'];

const chunkName = (url: string) => /\/chunks\/([\w-]+?)\.[0-9a-f]+\.js$/.exec(url)?.[1] ?? null;

describe('the scripts each route loads', () => {
  for (const screen of SCREENS.filter((s) => s.load)) {
    it(`/${screen.path} loads its own screen and no other`, async () => {
      const url = `/demo/${screen.path}${screen.demoQuery ? `?${screen.demoQuery}` : ''}`;
      const scripts: string[] = [];
      const { page, frame } = await openInFrame(ctx, url);
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      // Requests made before the listener was attached are in the frame's performance entries.
      await firstScreenShown(frame);
      const loaded: string[] = await frame.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => entry.name),
      );
      const chunks = new Set([...loaded, ...scripts].map(chunkName).filter(Boolean));
      assert.ok(
        chunks.has(`screen-${screen.path}`),
        `no screen chunk in ${[...chunks].join(', ')}`,
      );
      const others = [...chunks].filter(
        (name) => name!.startsWith('screen-') && name !== `screen-${screen.path}`,
      );
      assert.deepEqual(others, [], `${screen.path} loaded another route's screen`);
      // Only the wizards' location steps show a map (the saved search's is its first step).
      if (!MAP_ROUTES.includes(screen.path)) assert.ok(!chunks.has('map'), 'the map loaded');
      await page.context().close();
    });
  }
});
