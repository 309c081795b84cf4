/**
 * The matched pairs in the inbox's list, with the real store and sagas and the inbox API
 * answered by nock: each row's count as a badge in words (German and English, one and many; a
 * lead's searches, a saved search's properties) in the table and on a phone's cards, the
 * matches new since the staff member read a row, seen once it is opened, and the filter 'Mit
 * passenden Suchprofilen' in the page's address, the request and the export, Back and Forward.
 */
import { screen, waitFor, within } from '@testing-library/react';
import nock from 'nock';
import {
  AGENCY_API as API,
  detailOf,
  row,
  submissionOf,
  openFilters,
  openWithHistory,
  shownAddress,
  staffSignedIn,
  listed,
  onPhone,
  offPhone,
} from './testing';

/** A lead wanted by three searches (one new since read), one by one, a saved search, a message. */
const ROWS = [
  row(1, { matches: 3, newMatches: 1 }),
  row(2, { matches: 1 }),
  row(3, { kind: 'savedSearch', matches: 2, newMatches: 2 }),
  row(4, { kind: 'savedSearch', matches: 1 }),
  row(5, { kind: 'contact' }),
];

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

afterEach(() => {
  nock.cleanAll();
  offPhone();
});

describe('matches in the inbox list', () => {
  it.each([
    [
      'de',
      [
        ['3 passende Suchprofile', '1 neuer Treffer'],
        ['1 passendes Suchprofil'],
        ['2 passende Objekte', '2 neue Treffer'],
        ['1 passendes Objekt'],
      ],
      /passend|Treffer/,
    ],
    [
      'en',
      [
        ['3 matching searches', '1 new match'],
        ['1 matching search'],
        ['2 matching properties', '2 new matches'],
        ['1 matching property'],
      ],
      /matching|match/,
    ],
  ] as const)(
    "says each row's matches in words (%s), the new ones beside them",
    async (language, badges, any) => {
      staffSignedIn();
      listed({}, ROWS);
      openWithHistory({ language });
      await screen.findByRole('link', { name: 'Kunde 5' });
      for (const [index, words] of badges.entries()) {
        const cell = within(rowOf(`Kunde ${index + 1}`));
        for (const text of words) expect(cell.getByText(text)).toBeInTheDocument();
        if (words.length === 1)
          expect(cell.queryByText(/Treffer|new match/)).not.toBeInTheDocument();
      }
      // A row without a match has no badge.
      expect(rowOf('Kunde 5')).not.toHaveTextContent(any);
    },
  );

  it('filters to rows with matching searches: the address, the request and the export follow; Back and Forward restore', async () => {
    staffSignedIn();
    listed({}, ROWS);
    const { user } = openWithHistory();
    await screen.findByRole('link', { name: 'Kunde 5' });
    await openFilters(user);
    const box = screen.getByRole('checkbox', { name: 'Mit passenden Suchprofilen' });
    expect(box).not.toBeChecked();

    const matching = listed({ matching: 'true' }, ROWS.slice(0, 4));
    await user.click(box);
    await screen.findByText('4 Eingänge');
    expect(matching.isDone()).toBe(true);
    expect(shownAddress()).toBe('/?matching=true');
    expect(box).toBeChecked();
    expect(screen.queryByRole('link', { name: 'Kunde 5' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute(
      'href',
      '/agency/api/submissions.csv?matching=true',
    );

    const all = listed({}, ROWS);
    await user.click(box);
    await screen.findByRole('link', { name: 'Kunde 5' });
    expect(all.isDone()).toBe(true);
    expect(shownAddress()).toBe('/');

    // Back: the filter again, asked for again; Forward: without it.
    const back = listed({ matching: 'true' }, ROWS.slice(0, 4));
    await user.click(screen.getByRole('button', { name: 'test: back' }));
    await screen.findByText('4 Eingänge');
    expect(back.isDone()).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Mit passenden Suchprofilen' })).toBeChecked();
    const forward = listed({}, ROWS);
    await user.click(screen.getByRole('button', { name: 'test: forward' }));
    await screen.findByRole('link', { name: 'Kunde 5' });
    expect(forward.isDone()).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Mit passenden Suchprofilen' })).not.toBeChecked();
  });

  it('opens the filter a link names, with a sort, in English', async () => {
    staffSignedIn();
    const asked = listed({ matching: 'true', sort: 'name' }, [row(1, { matches: 12 })]);
    const { user } = openWithHistory({ route: '/?matching=true&sort=name', language: 'en' });
    expect(await screen.findByText('12 matching searches')).toBeInTheDocument();
    expect(asked.isDone()).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Remove filter “With matching searches”' }),
    ).toBeInTheDocument();
    await openFilters(user);
    expect(screen.getByRole('checkbox', { name: 'With matching searches' })).toBeChecked();
  });

  it('on a phone: the badge on the card, the filter counted on the filter button', async () => {
    onPhone();
    staffSignedIn();
    listed({ matching: 'true' }, [row(1, { matches: 3, newMatches: 1 })]);
    const { user } = openWithHistory({ route: '/?matching=true' });
    const card = (await screen.findByRole('heading', { name: 'Kunde 1' })).closest('li')!;
    expect(within(card).getByText('3 passende Suchprofile')).toBeInTheDocument();
    expect(within(card).getByText('1 neuer Treffer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter (1)' }));
    expect(screen.getByRole('checkbox', { name: 'Mit passenden Suchprofilen' })).toBeChecked();
  });

  it('a read row with new matches: opened, it is read again, and back in the list nothing is new', async () => {
    staffSignedIn();
    listed({}, [row(1, { matches: 3, newMatches: 1 })]);
    const { user } = openWithHistory();
    await screen.findByText('1 neuer Treffer');
    let marked: unknown;
    nock(API)
      .get(`/submissions/${row(1).uuid}`)
      .reply(200, detailOf(submissionOf(1), { read: true, newMatches: 1 }))
      .put(`/submissions/${row(1).uuid}/read`, (body) => Boolean((marked = body)))
      .reply(200, { uuid: row(1).uuid, read: true, unread: 0 });
    await user.click(screen.getByRole('link', { name: 'Kunde 1' }));
    await screen.findByRole('button', { name: 'Als ungelesen markieren' });
    await user.click(screen.getByRole('link', { name: 'Zurück zur Liste' }));
    expect(await screen.findByText('3 passende Suchprofile')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('1 neuer Treffer')).not.toBeInTheDocument());
    expect(marked).toEqual({ read: true });
  });
});
