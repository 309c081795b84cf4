/**
 * The inbox's list as an agent works it, with the real store and sagas and the inbox API
 * answered by nock: its view in the page's address (a link opens it, Back restores it, typing
 * adds no entry), the sort, the count of all matches in German and English, the phone's cards
 * and filter button, and 'Antworten' with its subject.
 */
import { screen, within } from '@testing-library/react';
import nock from 'nock';
import {
  AGENCY_API,
  detailOf,
  detailPath,
  row as plainRow,
  submissionOf,
  openFilters,
  openWithHistory,
  shownAddress,
  staffSignedIn,
  listed,
  onPhone,
  offPhone,
} from './testing';
import type { InboxRow, Submission } from './types';

/** A row with a phone number to dial. */
const row = (n: number, extra: Partial<InboxRow> = {}) =>
  plainRow(n, { phone: '030 1234-567', ...extra });

const API = AGENCY_API;

afterEach(() => {
  nock.cleanAll();
  offPhone();
});

describe('the inbox list', () => {
  it('opens the view a link names: its filter, search and sort, asked for once', async () => {
    staffSignedIn();
    const asked = listed(
      { kind: 'exposeInquiry', handling: 'new', q: 'W-1001', sort: 'name', order: 'desc' },
      [row(1, { kind: 'exposeInquiry' })],
    );
    const { user } = openWithHistory({
      route: '/?kind=exposeInquiry&handling=new&q=W-1001&sort=name&order=desc',
    });
    expect(await screen.findByText('Kunde 1')).toBeInTheDocument();
    expect(asked.isDone()).toBe(true);
    // The form is folded; what it holds is said beside its button.
    expect(screen.getByRole('button', { name: 'Filter (2)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(
      within(screen.getByRole('list', { name: 'Gesetzte Filter' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Art: Exposé-Anfrage×', 'Status: neu×']);
    await openFilters(user);
    expect(screen.getByRole('combobox', { name: 'Art' })).toHaveValue('exposeInquiry');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('new');
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('W-1001');
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveDisplayValue(
      'Name (Z–A)',
    );
    const table = screen.getByRole('table', { name: 'Eingänge, nach Name von Z bis A' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table).getByRole('columnheader', { name: 'Eingang' })).not.toHaveAttribute(
      'aria-sort',
    );
  });

  it('leaves a parameter it does not know, or a value it does not take, empty: never an error', async () => {
    staffSignedIn();
    const asked = listed({ q: 'anna' }, [row(1)]);
    const { user } = openWithHistory({
      route:
        '/?kind=house&handling=archived&confirmed=yes&from=2026-13-45&to=x&q=anna&sort=size&order=up&page=3',
    });
    expect(await screen.findByText('Kunde 1')).toBeInTheDocument();
    expect(asked.isDone()).toBe(true);
    expect(screen.queryByRole('list', { name: 'Gesetzte Filter' })).not.toBeInTheDocument();
    await openFilters(user);
    expect(screen.getByRole('combobox', { name: 'Art' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Bestätigung' })).toHaveValue('');
    expect(screen.getByLabelText('Von')).toHaveValue('');
    expect(screen.getByLabelText('Bis')).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('anna');
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveDisplayValue(
      'Neueste zuerst',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks again when the sort changes, keeps it in the address, and Back restores the view before', async () => {
    staffSignedIn();
    listed({}, [row(1), row(2)]);
    const { user } = openWithHistory();
    expect(await screen.findByText('Kunde 2')).toBeInTheDocument();

    const byStatus = listed({ sort: 'status' }, [row(2, { handling: 'new' }), row(1)]);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sortieren nach' }),
      'Status (neu zuerst)',
    );
    await screen.findByRole('table', { name: 'Eingänge, nach Status, neue zuerst' });
    expect(byStatus.isDone()).toBe(true);
    expect(shownAddress()).toBe('/?sort=status');

    const leads = listed({ kind: 'lead', sort: 'status' }, [row(3)]);
    await openFilters(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'lead');
    expect(await screen.findByText('Kunde 3')).toBeInTheDocument();
    expect(leads.isDone()).toBe(true);
    expect(shownAddress()).toBe('/?kind=lead&sort=status');

    // Back: the view before, asked for again.
    const again = listed({ sort: 'status' }, [row(2), row(1)]);
    await user.click(screen.getByRole('button', { name: 'test: back' }));
    expect(await screen.findByText('Kunde 2')).toBeInTheDocument();
    expect(again.isDone()).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Art' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveDisplayValue(
      'Status (neu zuerst)',
    );
  });

  it("sorts by a column's header: its own order first, the other way round on a second press", async () => {
    staffSignedIn();
    listed({}, [row(1)]);
    const { user } = openWithHistory();
    await screen.findByText('Kunde 1');
    const byName = listed({ sort: 'name' }, [row(2)]);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(await screen.findByText('Kunde 2')).toBeInTheDocument();
    expect(byName.isDone()).toBe(true);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const backwards = listed({ sort: 'name', order: 'desc' }, [row(3)]);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(await screen.findByText('Kunde 3')).toBeInTheDocument();
    expect(backwards.isDone()).toBe(true);
    expect(shownAddress()).toBe('/?sort=name&order=desc');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const newest = listed({}, [row(1)]);
    await user.click(screen.getByRole('button', { name: 'Eingang' }));
    expect(await screen.findByText('Kunde 1')).toBeInTheDocument();
    expect(newest.isDone()).toBe(true);
  });

  it('returns from a submission to the list as it was left, by its link and by Back', async () => {
    staffSignedIn();
    listed({ kind: 'lead' }, [row(1)]);
    const { user } = openWithHistory({ route: '/?kind=lead' });
    nock(API)
      .get(`/submissions/${row(1).uuid}`)
      .times(2)
      .reply(200, detailOf(submission()));
    await user.click(await screen.findByRole('link', { name: 'Kunde 1' }));
    await user.click(await screen.findByRole('link', { name: 'Zurück zur Liste' }));
    expect(await screen.findByRole('link', { name: 'Kunde 1' })).toBeInTheDocument();
    expect(shownAddress()).toBe('/?kind=lead');
    expect(
      screen.getByRole('button', { name: 'Filter „Art: Eigentümer-Anfrage“ entfernen' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Kunde 1' }));
    await screen.findByRole('link', { name: 'Zurück zur Liste' });
    await user.click(screen.getByRole('button', { name: 'test: back' }));
    expect(await screen.findByRole('link', { name: 'Kunde 1' })).toBeInTheDocument();
    expect(shownAddress()).toBe('/?kind=lead');
    expect(
      screen.getByRole('button', { name: 'Filter „Art: Eigentümer-Anfrage“ entfernen' }),
    ).toBeInTheDocument();
  });

  it('keeps a typed search in the address without an entry per keystroke', async () => {
    staffSignedIn();
    listed({}, [row(1)]);
    const { user } = openWithHistory();
    await screen.findByText('Kunde 1');
    listed({ kind: 'contact' }, [row(2, { kind: 'contact' })]);
    await openFilters(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'contact');
    await screen.findByText('Kunde 2');
    const searched = listed({ kind: 'contact', q: 'anna' }, [row(3, { kind: 'contact' })]);
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'anna');
    expect(shownAddress()).toBe('/?kind=contact&q=anna');
    // The saga's 300 ms rest runs on the clock: a wide margin to wait for its answer.
    expect(await screen.findByText('Kunde 3', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(searched.isDone()).toBe(true);
    // One Back leaves the search and the kind: the typing added no entry of its own.
    listed({}, [row(1)]);
    await user.click(screen.getByRole('button', { name: 'test: back' }));
    expect(await screen.findByText('Kunde 1')).toBeInTheDocument();
    expect(shownAddress()).toBe('/');
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('');
  });

  it('folds the filter form away, says what is set beside its button, and removes one filter by its button', async () => {
    staffSignedIn();
    listed({ kind: 'lead', unread: 'true', assignee: 'me' }, [row(1)]);
    const { user } = openWithHistory({ route: '/?kind=lead&unread=true&assignee=me' });
    await screen.findByText('Kunde 1');
    expect(screen.queryByRole('group', { name: 'Eingänge filtern' })).not.toBeInTheDocument();
    const set = screen.getByRole('list', { name: 'Gesetzte Filter' });
    expect(
      within(set)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Art: Eigentümer-Anfrage×', 'Zuständig: Mir zugewiesen×', 'Nur ungelesene×']);
    const rest = listed({ kind: 'lead', assignee: 'me' }, [row(2)]);
    await user.click(screen.getByRole('button', { name: 'Filter „Nur ungelesene“ entfernen' }));
    expect(await screen.findByText('Kunde 2')).toBeInTheDocument();
    expect(rest.isDone()).toBe(true);
    expect(shownAddress()).toBe('/?kind=lead&assignee=me');
    expect(screen.getByRole('button', { name: 'Filter (2)' })).toBeInTheDocument();
    // Opened, the form holds the same; its list of what is set steps aside.
    await openFilters(user);
    expect(screen.getByRole('group', { name: 'Eingänge filtern' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Art' })).toHaveValue('lead');
    expect(screen.getByRole('checkbox', { name: 'Nur ungelesene' })).not.toBeChecked();
    expect(screen.queryByRole('list', { name: 'Gesetzte Filter' })).not.toBeInTheDocument();
  });

  it('opens the folded form by itself where a day in the address is wrong, to say what is wrong', async () => {
    staffSignedIn();
    openWithHistory({ route: '/?from=2026-11-20&to=2026-11-01' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Das Enddatum liegt vor dem Startdatum.',
    );
    expect(screen.getByRole('group', { name: 'Eingänge filtern' })).toBeInTheDocument();
    expect(screen.getByLabelText('Bis')).toHaveAttribute('aria-invalid', 'true');
    // The list waits for the days, and says so instead of loading forever.
    expect(
      screen.getByText('Die Liste erscheint, sobald die Daten des Filters stimmen.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Lädt …')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each([
    ['de', 50, 1234, '50 von 1.234 Eingängen angezeigt'],
    ['de', 7, 7, '7 Eingänge'],
    ['de', 1, 1, '1 Eingang'],
    ['en', 50, 1234, '50 of 1,234 submissions shown'],
    ['en', 7, 7, '7 submissions'],
    ['en', 1, 1, '1 submission'],
  ] as const)('counts every match (%s, %i of %i)', async (language, shown, total, text) => {
    staffSignedIn();
    listed(
      {},
      Array.from({ length: shown }, (_, i) => row(i + 1)),
      total,
    );
    openWithHistory({ language });
    expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
  });

  it('shows statuses as badges that say them, e-mail and phone as links, each row one line', async () => {
    staffSignedIn();
    listed({}, [row(1, { handling: 'inProgress', confirmed: false })]);
    openWithHistory();
    await screen.findByText('Kunde 1');
    const table = screen.getByRole('table');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toContain('in Bearbeitung');
    expect(cells.map((cell) => cell.textContent)).toContain('unbestätigt');
    expect(within(table).getByRole('link', { name: /^kunde1@ ?example ?\.de$/ })).toHaveAttribute(
      'href',
      'mailto:kunde1@example.de',
    );
    // One line a row: a long address is shortened by its cell, whole in its title and text.
    const email = within(table).getByRole('link', { name: 'kunde1@example.de' });
    expect(email.querySelectorAll('wbr')).toHaveLength(0);
    expect(email.closest('td')).toHaveAttribute('title', 'kunde1@example.de · 030 1234-567');
    expect(within(table).getByRole('link', { name: '030 1234-567' })).toHaveAttribute(
      'href',
      'tel:0301234567',
    );
  });

  it('on a phone: cards with the essentials, the filters behind one button that counts them', async () => {
    onPhone();
    staffSignedIn();
    listed({ kind: 'savedSearch', confirmed: 'false' }, [
      row(1, { kind: 'savedSearch', place: 'Prenzlauer Berg, Mitte +1', confirmed: false }),
    ]);
    const { user } = openWithHistory({ route: '/?kind=savedSearch&confirmed=false' });
    await screen.findByText('Kunde 1');
    const cards = screen.getByRole('list', { name: 'Eingänge' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Kunde 1' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Suchprofil · 24.11.2026, 10:30');
    expect(card).toHaveTextContent('Prenzlauer Berg, Mitte +1');
    expect(card).toHaveTextContent('neu');
    expect(card).toHaveTextContent('unbestätigt');
    // On a card a long address wraps after its @ and before its dots, never inside a name.
    expect(
      within(card)
        .getByRole('link', { name: /^kunde1@ ?example ?\.de$/ })
        .querySelectorAll('wbr'),
    ).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'Filter (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Art' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Art' })).toHaveValue('savedSearch');
  });
});

/** Erika's inquiry about W-1001, whose title has characters a mail's subject must encode. */
const submission = (extra: Partial<Submission> = {}): Submission =>
  submissionOf(
    1,
    {
      kind: 'exposeInquiry',
      message: 'Frage',
      exposeInquiry: {
        objectId: 1,
        customObjectId: 'W-1001',
        title: 'Altbau & Balkon? 3 Zi. #1',
        link: '/expose/1',
      },
      ...extra,
    },
    {
      firstname: 'Erika',
      lastname: 'Mustermann',
      email: 'erika+haus@example.de',
      phone: '+49 30 1234567',
    },
  );

describe("a submission's 'Antworten'", () => {
  it.each([
    ['de', submission(), 'Ihre Anfrage zu W-1001 – Altbau & Balkon? 3 Zi. #1'],
    ['en', submission(), 'Your enquiry about W-1001 – Altbau & Balkon? 3 Zi. #1'],
    [
      'de',
      submission({ kind: 'contact', exposeInquiry: undefined }),
      'Ihre Nachricht an Makler & Co',
    ],
  ] as const)(
    'writes to the visitor with the subject filled (%s)',
    async (language, shown, subject) => {
      staffSignedIn();
      nock(API).get(detailPath(shown.uuid, language)).reply(200, detailOf(shown));
      openWithHistory({ route: `/submissions/${shown.uuid}`, language });
      const reply = await screen.findByRole('link', { name: /^(Antworten|Reply):/ });
      expect(reply).toHaveAttribute(
        'href',
        `mailto:erika%2Bhaus@example.de?subject=${encodeURIComponent(subject)}`,
      );
      expect(reply.getAttribute('href')).not.toMatch(/[ &?#]W-1001|& |\? /);
      expect(screen.getByRole('link', { name: '+49 30 1234567' })).toHaveAttribute(
        'href',
        'tel:+49301234567',
      );
      // The address wraps at its @ and dots (<wbr>), where jsdom's name has a space and
      // Chromium's none.
      expect(screen.getByRole('link', { name: /^erika\+haus@ ?example ?\.de$/ })).toHaveAttribute(
        'href',
        'mailto:erika%2Bhaus@example.de',
      );
    },
  );
});
