/**
 * The inbox's keyboard shortcuts with the real store and sagas, the inbox API answered by nock:
 * J and K through the list and its submissions, O to open, U back to the list, Shift+U and
 * Shift+I, A to assign oneself, / to the search, ? for the help in German and English; what a
 * key did said in a live region; keys typed into a field stay the field's.
 */
import { screen, within } from '@testing-library/react';
import nock from 'nock';
import {
  AGENCY_API as API,
  detailOf,
  openInbox,
  row as listRow,
  shownAddress,
  submissionOf,
  openWithHistory,
} from './testing';
import type { InboxRow } from './types';

const ME = 'team@makler.example';

const row = (n: number, extra: Partial<InboxRow> = {}): InboxRow =>
  listRow(n, { kind: 'contact', read: false, ...extra });

/** Signed in as ME with the list answered by `items` for `query`. */
function signedInWith(items: InboxRow[], query: Record<string, string> = {}) {
  nock(API)
    .get('/auth/me')
    .reply(200, { email: ME })
    .get('/staff')
    .reply(200, { staff: [ME] })
    .get('/submissions')
    .query((asked) => JSON.stringify(asked) === JSON.stringify(query))
    .reply(200, { items, next: null, total: items.length, unread: items.length });
}

/** The live region the shortcuts speak in. */
const said = () =>
  screen
    .getAllByRole('status')
    .map((status) => status.textContent)
    .filter(Boolean);

afterEach(() => nock.cleanAll());

describe("the inbox's keyboard shortcuts", () => {
  it('steps through the list with J and K, says where it is, and opens a row with O', async () => {
    signedInWith([row(1), row(2)]);
    const { user } = openWithHistory();
    await screen.findByRole('link', { name: 'Kunde 2' });
    // No row chosen yet: K starts at the first, as J does.
    await user.keyboard('k');
    expect(screen.getByRole('link', { name: 'Kunde 1' })).toHaveFocus();
    expect(said()).toContain('Eingang 1 von 2: Kunde 1');
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: 'Kunde 2' })).toHaveFocus();
    expect(said()).toContain('Eingang 2 von 2: Kunde 2');
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: 'Kunde 2' })).toHaveFocus();
    expect(said()).toContain('Das ist der letzte angezeigte Eingang der Liste.');
    await user.keyboard('k');
    expect(screen.getByRole('link', { name: 'Kunde 1' })).toHaveFocus();

    nock(API)
      .get(`/submissions/${row(1).uuid}`)
      .reply(200, detailOf(submissionOf(1)));
    await user.keyboard('o');
    expect(await screen.findByRole('heading', { level: 1, name: /Kunde 1/ })).toBeInTheDocument();
    expect(shownAddress()).toBe(`/submissions/${row(1).uuid}`);
  });

  it('on a submission: Shift+U and Shift+I mark it, A assigns it to me, J opens the next, U goes back to the list as it was', async () => {
    signedInWith([row(1), row(2)], { kind: 'contact' });
    const { user } = openWithHistory({ route: '/?kind=contact' });
    nock(API)
      .get(`/submissions/${row(1).uuid}`)
      .reply(200, detailOf(submissionOf(1)));
    await user.click(await screen.findByRole('link', { name: 'Kunde 1' }));
    await screen.findByRole('heading', { level: 1, name: /Kunde 1/ });
    expect(screen.getByRole('button', { name: 'Als ungelesen markieren' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Shift+U',
    );
    nock(API, { reqheaders: { 'x-xsrf-token': 'xsrf-1' } })
      .put(`/submissions/${row(1).uuid}/read`, { read: false })
      .reply(200, { uuid: row(1).uuid, read: false, unread: 2 });
    await user.keyboard('{Shift>}U{/Shift}');
    expect(await screen.findByText('Als ungelesen markiert.')).toBeInTheDocument();
    nock(API)
      .put(`/submissions/${row(1).uuid}/read`, { read: true })
      .reply(200, { uuid: row(1).uuid, read: true, unread: 1 });
    await user.keyboard('{Shift>}I{/Shift}');
    expect(await screen.findByText('Als gelesen markiert.')).toBeInTheDocument();
    nock(API)
      .put(`/submissions/${row(1).uuid}/assignee`, { assignee: ME })
      .reply(200, { uuid: row(1).uuid, assignee: ME });
    await user.keyboard('a');
    expect(await screen.findByText('Zuständigkeit gespeichert.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Zuständig' })).toHaveValue(ME);

    nock(API)
      .get(`/submissions/${row(2).uuid}`)
      .reply(200, detailOf(submissionOf(2)));
    await user.keyboard('j');
    expect(await screen.findByRole('heading', { level: 1, name: /Kunde 2/ })).toBeInTheDocument();
    expect(said()).toContain('Eingang 2 von 2: Kunde 2');
    await user.keyboard('j');
    expect(said()).toContain('Das ist der letzte angezeigte Eingang der Liste.');
    expect(screen.getByRole('link', { name: 'Zurück zur Liste' })).toHaveAttribute(
      'aria-keyshortcuts',
      'U',
    );
    await user.keyboard('u');
    expect(await screen.findByRole('link', { name: 'Kunde 1' })).toBeInTheDocument();
    expect(shownAddress()).toBe('/?kind=contact');
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('says so when a submission opened by its link is not in the list', async () => {
    signedInWith([row(1)]);
    nock(API)
      .get(`/submissions/${row(7).uuid}`)
      .reply(200, detailOf(submissionOf(7)));
    const { user } = openWithHistory({ route: `/submissions/${row(7).uuid}` });
    await screen.findByRole('heading', { level: 1, name: /Kunde 7/ });
    await user.keyboard('j');
    expect(said()).toContain(
      'Dieser Eingang steht nicht in der Liste. „Zurück zur Liste“ zeigt sie.',
    );
    expect(shownAddress()).toBe(`/submissions/${row(7).uuid}`);
  });

  it('leaves a key typed into a field to the field; / jumps to the search', async () => {
    signedInWith([row(1), row(2)]);
    const { user } = openWithHistory();
    await screen.findByRole('link', { name: 'Kunde 2' });
    const search = screen.getByRole('searchbox', { name: 'Suche' });
    expect(search).toHaveAttribute('aria-keyshortcuts', '/');
    await user.keyboard('/');
    expect(search).toHaveFocus();
    // 'jo' typed: the field's letters, no row focused or opened.
    nock(API)
      .get('/submissions')
      .query({ q: 'jo' })
      .reply(200, { items: [row(1)], next: null, total: 1 });
    await user.keyboard('jo');
    expect(search).toHaveValue('jo');
    expect(search).toHaveFocus();
    expect(shownAddress()).toBe('/?q=jo');
  });

  it.each([
    ['de', 'Tastenkürzel', ['J', 'Nächster Eingang', 'Liste und Eingang'], 'Schließen'],
    ['en', 'Keyboard shortcuts', ['J', 'Next submission', 'List and submission'], 'Close'],
  ] as const)(
    'opens the help with ? and lists every key (%s)',
    async (language, title, first, close) => {
      nock(API)
        .get('/auth/me')
        .reply(200, { email: ME })
        .get('/staff')
        .reply(200, { staff: [ME] })
        .get('/submissions')
        .query(true)
        .reply(200, { items: [row(1)], next: null, total: 1 });
      const { user } = openInbox({ language });
      await screen.findByRole('link', { name: 'Kunde 1' });
      await user.keyboard('?');
      const dialog = screen.getByRole('dialog', { name: title });
      const rows = within(dialog).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(9);
      expect(
        within(rows[0]!)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(first);
      expect(rows[4]).toHaveTextContent(language === 'de' ? 'Umschalt + I' : 'Shift + I');
      await user.click(within(dialog).getByRole('button', { name: close }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The same help from its button.
      await user.click(screen.getByRole('button', { name: title }));
      expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    },
  );
});
