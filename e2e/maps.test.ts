/**
 * The maps as a visitor sees them, in Chromium with tiles served by the test: the tiles show
 * over Germany's outline (which shows only where tiles are missing), the regions' shapes lie
 * over the tiles and take clicks without a focus box, and the regions map shows the whole city.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { serverAndBrowser, serveTiles } from './harness';

const ctx = serverAndBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1100, height: 900 };

async function openWithTiles(path: string, viewport: { width: number; height: number }) {
  const context = await ctx.browser.newContext({ viewport });
  await serveTiles(context);
  const page = await context.newPage();
  await page.goto(ctx.server.baseUrl + path);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame()) as Frame;
  await frame.locator('.leaflet-tile-loaded').first().waitFor();
  // Every tile of the view, not only the first.
  await frame.waitForFunction(() =>
    [...document.querySelectorAll('.leaflet-tile-pane img')].every((img) =>
      img.classList.contains('leaflet-tile-loaded'),
    ),
  );
  return { page, frame };
}

/**
 * What lies on top at a point of the map (x, y from its top left), as Chromium paints it.
 * Leaflet lets clicks through its tiles and its outline (pointer-events: none), so the hit
 * test is asked with pointer events on for every tile and path and off for the SVG boxes
 * that hold the paths: the answer is the topmost tile or path painted there.
 */
function topmostAt(frame: Frame, x: number, y: number) {
  return frame.evaluate(
    ([dx, dy]) => {
      const style = document.createElement('style');
      style.textContent =
        '.leaflet-tile, .leaflet-pane path { pointer-events: auto !important; } ' +
        '.leaflet-pane svg { pointer-events: none !important; }';
      document.head.append(style);
      const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
      const element = document.elementFromPoint(map.left + dx!, map.top + dy!);
      style.remove();
      return {
        tag: element?.tagName.toLowerCase() ?? null,
        tile: !!element?.classList.contains('leaflet-tile'),
        pane: element?.closest('.leaflet-pane:not(.leaflet-map-pane)')?.className ?? null,
      };
    },
    [x, y],
  );
}

const mapSize = (frame: Frame) =>
  frame
    .locator('.leaflet-container')
    .evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));

async function close(page: Page) {
  await page.context().close();
}

describe('the maps show their tiles', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`the address map (${name}): a tile on top in Berlin, not Germany's outline`, async () => {
      const { page, frame } = await openWithTiles(
        '/demo/lead-wizard?order=address-first',
        viewport,
      );
      const { width, height } = await mapSize(frame);
      const top = await topmostAt(frame, width / 2, height / 2);
      assert.deepEqual(top, { tag: 'img', tile: true, pane: 'leaflet-pane leaflet-tile-pane' });
      await close(page);
    });

    it(`the regions map (${name}): tiles beside the city, its shapes over them`, async () => {
      const { page, frame } = await openWithTiles('/demo/saved-search-wizard', viewport);
      await frame.locator('path[data-region]').first().waitFor();
      const { width, height } = await mapSize(frame);
      // South-west of the city's box, in Brandenburg: no shape, the tile on top.
      const outside = await topmostAt(frame, 6, height - 6);
      assert.deepEqual(outside, { tag: 'img', tile: true, pane: 'leaflet-pane leaflet-tile-pane' });
      // The middle of the city (Mitte): a shape, over the tiles, and it takes a click there.
      const middle = await topmostAt(frame, width / 2, height / 2);
      assert.equal(middle.tag, 'path');
      assert.equal(middle.pane, 'leaflet-pane leaflet-overlay-pane');
      const clicked = await frame.evaluate(
        ([x, y]) => {
          const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
          return document
            .elementFromPoint(map.left + x!, map.top + y!)
            ?.getAttribute('data-region');
        },
        [width / 2, height / 2],
      );
      assert.ok(clicked, 'no region takes a click in the middle of the map');
      await close(page);
    });
  }
});

describe('the regions map', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the whole city at first (${name})`, async () => {
      const { page, frame } = await openWithTiles('/demo/saved-search-wizard', viewport);
      await frame.locator('path[data-region]').first().waitFor();
      const outside = await frame.evaluate(() => {
        const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
        return [...document.querySelectorAll('path[data-region]')]
          .filter((path) => {
            const box = path.getBoundingClientRect();
            return (
              box.left < map.left - 1 ||
              box.top < map.top - 1 ||
              box.right > map.right + 1 ||
              box.bottom > map.bottom + 1
            );
          })
          .map((path) => path.getAttribute('data-region'));
      });
      assert.deepEqual(outside, [], 'localities cut off by the edge of the map');
      await close(page);
    });
  }

  it('keeps the focus box off a shape the visitor clicks', async () => {
    const { page, frame } = await openWithTiles('/demo/saved-search-wizard', DESKTOP);
    await frame.locator('path[data-region]').first().waitFor();
    const { width, height } = await mapSize(frame);
    await frame.locator('.leaflet-container').scrollIntoViewIfNeeded();
    const map = await frame.locator('.leaflet-container').boundingBox();
    await page.mouse.click(map!.x + width / 2, map!.y + height / 2);
    const focused = await frame.evaluate(() => {
      const element = document.activeElement!;
      const style = getComputedStyle(element);
      return {
        region: element.getAttribute('data-region'),
        outline: style.outlineStyle === 'none' || style.outlineWidth === '0px',
      };
    });
    assert.ok(focused.region, 'the click did not reach a shape');
    assert.deepEqual(focused, { region: focused.region, outline: true });
    await close(page);
  });
});
