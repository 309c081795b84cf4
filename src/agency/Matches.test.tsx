/**
 * A submission's matches in its detail, with the real agency store and sagas, the inbox API
 * answered by nock: a lead's matching saved searches, a saved search's leads and listings,
 * the total beside the newest, the empty lists, and a failed load with its retry; German and
 * English.
 */
import { screen, within } from '@testing-library/react';
import nock from 'nock';
import { AGENCY_API as API, detailOf, detailPath, openInbox, row, submissionOf } from './testing';
import type {
  MatchedLead,
  MatchedListing,
  MatchedSearch,
  Submission,
  SubmissionMatches,
} from './types';

const LEAD: Submission = submissionOf(1, {
  kind: 'lead',
  lead: {
    objectType: 'LIVING',
    marketingType: 'rent',
    categoryId: 30225,
    category: 'Wohnung',
    address: {
      street: 'Kastanienallee',
      number: '12',
      zip: '10435',
      city: 'Berlin',
      lat: null,
      lng: null,
      approximate: false,
    },
    fields: [{ name: 'price.price', label: 'Kaltmiete', text: '900 €' }],
  },
});

const SEARCH: Submission = submissionOf(2, {
  kind: 'savedSearch',
  savedSearch: {
    uuid: '0190c1a2-0000-7000-8000-0000000000aa',
    objectType: 'LIVING',
    marketingType: 'rent',
    categoryId: 30225,
    category: 'Apartment',
    regions: ['Pankow'],
    fields: [{ name: 'price.price', label: 'Net rent', text: '€500 – €1,500' }],
  },
});

const searchMatch = (n: number, extra: Partial<MatchedSearch> = {}): MatchedSearch => ({
  foundAt: '2026-11-26T13:05:00.000Z',
  submission: row(100 + n).uuid,
  contact: {
    salutation: 'Frau',
    firstname: 'Bea',
    lastname: `Sucher ${n}`,
    email: `bea${n}@example.de`,
  },
  search: {
    uuid: `0190c1a2-0000-7000-8000-${String(500 + n).padStart(12, '0')}`,
    objectType: 'LIVING',
    marketingType: 'rent',
    categoryId: 30225,
    category: 'Wohnung',
    regions: ['Prenzlauer Berg', 'Friedrichshain'],
    fields: [{ name: 'price.price', label: 'Kaltmiete', text: '500 € – 1.500 €' }],
  },
  ...extra,
});

const LEAD_MATCH: MatchedLead = {
  foundAt: '2026-11-26T13:05:00.000Z',
  submission: row(7).uuid,
  name: 'Sven Spät',
  place: '10435 Berlin',
  objectType: 'LIVING',
  marketingType: 'rent',
  category: 'Apartment',
  figures: [
    { name: 'price.price', label: 'Net rent', text: '€1,200' },
    { name: 'area.livingSpace', label: 'Living space', text: '62 m²' },
  ],
};

const LISTING_MATCH: MatchedListing = {
  foundAt: '2026-11-25T10:00:00.000Z',
  id: 4,
  customId: 'W-1004',
  title: 'Altbau mit Balkon',
  place: '10245 Berlin',
  priceTitle: 'Kaltmiete',
  price: '1.480 €',
  link: 'https://makler.example/expose/W-1004',
};

const answer = (extra: Partial<SubmissionMatches> = {}): SubmissionMatches => ({
  limit: 50,
  searches: { total: 0, items: [] },
  leads: { total: 0, items: [] },
  listings: { total: 0, items: [] },
  ...extra,
});

const matchesPath = (uuid: string, language: 'de' | 'en') =>
  `/submissions/${uuid}/matches${language === 'en' ? '?lang=en' : ''}`;

/** The detail of `shown` opened, its matches answered by `reply`. */
function openDetail(
  shown: Submission,
  language: 'de' | 'en',
  reply: (scope: nock.Interceptor) => nock.Scope,
) {
  const scope = nock(API)
    .get('/auth/me')
    .reply(200, { email: 'team@makler.example' })
    .get('/staff')
    .reply(200, { staff: [] })
    .get(detailPath(shown.uuid, language))
    .reply(200, detailOf(shown));
  reply(scope.get(matchesPath(shown.uuid, language)));
  return openInbox({ language, route: `/submissions/${shown.uuid}` });
}

/** The cards of the list named `name`, each as its text. */
async function cards(name: string) {
  const list = await screen.findByRole('list', { name });
  return within(list).getAllByRole('listitem');
}

afterEach(() => nock.cleanAll());

describe("a lead's matching saved searches", () => {
  it('lists each searcher with their address, what they search and a link to their search', async () => {
    openDetail(LEAD, 'de', (get) =>
      get.reply(
        200,
        answer({
          searches: {
            total: 2,
            items: [searchMatch(1), searchMatch(2, { submission: null })],
          },
        }),
      ),
    );
    const [first, second] = await cards('Suchprofile, die zu dieser Immobilie passen');
    expect(screen.getByRole('heading', { name: 'Passende Suchprofile' })).toBeInTheDocument();
    expect(screen.getByText('2 passende Suchprofile')).toBeInTheDocument();
    const card = within(first!);
    expect(card.getByText('Frau Bea Sucher 1')).toBeInTheDocument();
    expect(card.getByRole('link', { name: /^bea1@/ })).toHaveAttribute(
      'href',
      'mailto:bea1@example.de',
    );
    expect(card.getByText('Wohnung (Wohnen), mieten')).toBeInTheDocument();
    expect(card.getByText('Regionen: Prenzlauer Berg, Friedrichshain')).toBeInTheDocument();
    expect(card.getByText('Kaltmiete: 500 € – 1.500 €')).toBeInTheDocument();
    expect(card.getByText('passt seit 26.11.2026, 14:05 Uhr')).toBeInTheDocument();
    expect(
      card.getByRole('link', { name: 'Suchprofil von Frau Bea Sucher 1 öffnen' }),
    ).toHaveAttribute('href', `/submissions/${row(101).uuid}`);
    // A search made in the portal has no page of its own.
    expect(within(second!).queryByRole('link', { name: /Suchprofil/ })).toBeNull();
    expect(within(second!).getByText('Im Kundenportal angelegt')).toBeInTheDocument();
  });

  it('shows the newest with the total when there are more than the limit', async () => {
    const items = Array.from({ length: 50 }, (_, n) => searchMatch(n));
    openDetail(LEAD, 'de', (get) => get.reply(200, answer({ searches: { total: 2000, items } })));
    expect(await cards('Suchprofile, die zu dieser Immobilie passen')).toHaveLength(50);
    expect(
      screen.getByText('2.000 passende Suchprofile, hier die 50 neuesten'),
    ).toBeInTheDocument();
  });

  it('says so when none matches', async () => {
    openDetail(LEAD, 'de', (get) => get.reply(200, answer()));
    expect(await screen.findByText('Keine passenden Suchprofile')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Suchprofile, die/ })).toBeNull();
  });

  it('says a failed load, keeps the detail, and loads again on a retry', async () => {
    const { user } = openDetail(LEAD, 'de', (get) =>
      get
        .reply(500, { code: 'internal' })
        .get(matchesPath(LEAD.uuid, 'de'))
        .reply(200, answer({ searches: { total: 1, items: [searchMatch(1)] } })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die passenden Einträge konnten nicht geladen werden.',
    );
    // The rest of the detail stands.
    expect(screen.getByRole('heading', { name: 'Immobilie' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await cards('Suchprofile, die zu dieser Immobilie passen')).toHaveLength(1);
    expect(screen.getByText('1 passendes Suchprofil')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes an answer without the shape of matches as a failed load', async () => {
    openDetail(LEAD, 'de', (get) =>
      get.reply(200, answer({ searches: { total: 1, items: [{ oops: true } as never] } })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die passenden Einträge konnten nicht geladen werden.',
    );
  });
});

describe("a saved search's matching leads and listings", () => {
  it('lists each lead with its place, kind and figures, and each listing, in English', async () => {
    openDetail(SEARCH, 'en', (get) =>
      get.reply(
        200,
        answer({
          leads: { total: 1, items: [LEAD_MATCH] },
          listings: { total: 1, items: [LISTING_MATCH] },
        }),
      ),
    );
    const [lead] = await cards('Owner inquiries that match this search profile');
    expect(screen.getByRole('heading', { name: 'Matching owner inquiries' })).toBeInTheDocument();
    expect(screen.getByText('1 matching owner inquiry')).toBeInTheDocument();
    expect(
      within(lead!).getByRole('link', { name: 'Open the owner inquiry of Sven Spät' }),
    ).toHaveAttribute('href', `/submissions/${row(7).uuid}`);
    expect(lead).toHaveTextContent('Sven Spät · 10435 Berlin');
    expect(within(lead!).getByText('Apartment (Residential), let')).toBeInTheDocument();
    expect(within(lead!).getByText('Net rent: €1,200 · Living space: 62 m²')).toBeInTheDocument();
    expect(within(lead!).getByText('matching since 26 Nov 2026, 14:05')).toBeInTheDocument();

    const [listing] = await cards('Listings that match this search profile');
    expect(screen.getByText('1 matching listing')).toBeInTheDocument();
    expect(
      within(listing!).getByRole('link', { name: 'Open listing W-1004: Altbau mit Balkon' }),
    ).toHaveAttribute('href', 'https://makler.example/expose/W-1004');
    expect(listing).toHaveTextContent('10245 Berlin');
    expect(listing).toHaveTextContent('Kaltmiete: 1.480 €');
  });

  it('says when none match, and shows a listing link that is no web address as text', async () => {
    openDetail(SEARCH, 'de', (get) =>
      get.reply(
        200,
        answer({
          listings: {
            total: 1,
            items: [{ ...LISTING_MATCH, link: 'javascript:alert(1)' }],
          },
        }),
      ),
    );
    expect(await screen.findByText('Keine passenden Eigentümer-Anfragen')).toBeInTheDocument();
    const [listing] = await cards('Objekte, die zu diesem Suchprofil passen');
    expect(within(listing!).queryByRole('link')).toBeNull();
    expect(listing).toHaveTextContent('W-1004 · Altbau mit Balkon');
  });
});
