/**
 * A lead's matching saved searches in the inbox, in Chromium against the reference backend:
 * two searchers' wizard searches confirmed by mail, then an owner's flat to let that both (and
 * the seeded demo search) want. A staff member opens the lead, reads its matching searches,
 * follows the link to a saved search (its own matching leads and listing) by keyboard, and
 * comes back with Back; on a desktop and on a phone (390 px), in German and English, without
 * sideways scrolling, axe-clean. Screenshots when SCREENSHOTS names a folder.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { confirmedSearch, contact as contactOf, lead, PREFIX } from '../test/server/testServer';
import {
  expectPageAxeClean,
  noSidewaysScroll,
  serverAndBrowser,
  shoot,
  staffPage,
  tabTo,
} from './harness';

const ctx = serverAndBrowser();
const STAFF = 'makler@immosuite.local';

/** The uuids: the owner's lead, and the wizard search of Bea Berger. */
const made = { lead: '', search: '' };

/** The words of each page, in German and in English. */
const WORDS = {
  de: {
    lead: 'Eigentümer-Anfrage: Olga Owner',
    search: 'Suchprofil: Bea Berger',
    searchesHeading: 'Passende Suchprofile',
    searchesList: 'Suchprofile, die zu dieser Immobilie passen',
    count: '3 passende Suchprofile',
    criteria: 'Wohnung (Wohnen), mieten',
    regions: 'Regionen: Prenzlauer Berg, Friedrichshain',
    open: 'Suchprofil von Frau Bea Berger öffnen',
    leadsList: 'Eigentümer-Anfragen, die zu diesem Suchprofil passen',
    openLead: 'Eigentümer-Anfrage von Olga Owner öffnen',
    listingsList: 'Objekte, die zu diesem Suchprofil passen',
  },
  en: {
    lead: 'Owner inquiry: Olga Owner',
    search: 'Search profile: Bea Berger',
    searchesHeading: 'Matching search profiles',
    searchesList: 'Search profiles this property matches',
    count: '3 matching search profiles',
    criteria: 'Apartment (Residential), rent',
    regions: 'Regions: Prenzlauer Berg, Friedrichshain',
    open: 'Open the search profile of Frau Bea Berger',
    leadsList: 'Owner inquiries that match this search profile',
    openLead: 'Open the owner inquiry of Olga Owner',
    listingsList: 'Listings that match this search profile',
  },
};

/**
 * Opens the lead, reads its matching searches, follows the link to Bea's search by keyboard,
 * reads its lead and listing, and comes back with Back.
 */
async function followMatches(page: Page, lang: 'de' | 'en', name: string) {
  const words = WORDS[lang];
  await page.goto(`${ctx.server.baseUrl}/agency/submissions/${made.lead}`);
  await page.getByRole('heading', { level: 1, name: words.lead }).waitFor();
  await page.getByRole('heading', { level: 2, name: words.searchesHeading }).waitFor();
  const searches = page.getByRole('list', { name: words.searchesList });
  await searches.waitFor();
  await page.getByText(words.count, { exact: true }).waitFor();
  // Bea and Carl (their wizard searches) and the seeded demo searcher, none twice.
  assert.equal(await searches.getByRole('listitem').count(), 3);
  const bea = searches.getByRole('listitem').filter({ hasText: 'Bea Berger' });
  await bea.getByText(words.criteria, { exact: true }).waitFor();
  await bea.getByText(words.regions, { exact: true }).waitFor();
  assert.equal(
    await bea.getByRole('link', { name: /^bea\.berger@/ }).getAttribute('href'),
    'mailto:bea.berger@example.de',
  );
  assert.ok(await noSidewaysScroll(page), `${name}: the lead's page scrolls sideways`);
  await expectPageAxeClean(page, `${name}: the lead's matches`);
  await shoot(page, `${name}-lead`);

  const open = bea.getByRole('link', { name: words.open });
  await tabTo(page, open, 200);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: words.search }).waitFor();
  assert.match(page.url(), new RegExp(`/agency/submissions/${made.search}$`));
  const leads = page.getByRole('list', { name: words.leadsList });
  await leads.getByRole('link', { name: words.openLead }).waitFor();
  const listings = page.getByRole('list', { name: words.listingsList });
  await listings.getByText(/^W-1004 · /).waitFor();
  assert.ok(await noSidewaysScroll(page), `${name}: the search's page scrolls sideways`);
  await expectPageAxeClean(page, `${name}: the saved search's matches`);
  await shoot(page, `${name}-search`);

  await page.goBack();
  await page.getByRole('heading', { level: 1, name: words.lead }).waitFor();
  await page.getByRole('list', { name: words.searchesList }).waitFor();
  assert.match(page.url(), new RegExp(`/agency/submissions/${made.lead}$`));
}

describe("a lead's matching saved searches in Chromium", () => {
  before(async () => {
    made.search = await confirmedSearch(ctx.server, {
      email: 'bea.berger@example.de',
      firstname: 'Bea',
      lastname: 'Berger',
    });
    await confirmedSearch(ctx.server, {
      email: 'carl.clausen@example.de',
      firstname: 'Carl',
      lastname: 'Clausen',
    });
    // A flat to let in Prenzlauer Berg for 900 €: the searches (500–1,500 €) want it.
    const sent = await ctx.server.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
      contact: contactOf({ email: 'olga.owner@example.de', firstname: 'Olga', lastname: 'Owner' }),
      lead: lead({
        marketingType: 'rent',
        fields: [
          { name: 'price.price', valueType: 'NUMBER', value: 900 },
          { name: 'area.livingSpace', valueType: 'NUMBER', value: 62 },
        ],
      }),
    });
    assert.equal(sent.status, 201);
    made.lead = sent.body.uuid;
    // Its pairs, as matching's job writes them after the answer.
    await ctx.server.app.matcher.runDue();
  });

  const CASES = [
    { width: 1280, lang: 'de', locale: 'de-DE', on: 'on a desktop in German' },
    { width: 390, lang: 'en', locale: 'en-US', on: 'on a 390 px phone in English' },
    { width: 1280, lang: 'en', locale: 'en-US', on: 'on a desktop in English' },
    { width: 390, lang: 'de', locale: 'de-DE', on: 'on a 390 px phone in German' },
  ] as const;
  for (const { width, lang, locale, on } of CASES)
    it(`are read, followed to a saved search and back, ${on}`, async () => {
      const page = await staffPage(ctx.server, ctx.browser, { email: STAFF, width, locale });
      await followMatches(page, lang, `matches-${width}-${lang}`);
      await page.context().close();
    });
});
