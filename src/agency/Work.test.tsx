/**
 * An agent's working day in the inbox page, with its real store and sagas and the inbox API
 * answered by nock: unread marks and their count, a submission read once opened and unread
 * again on request, notes (a failed save keeps the text), assignment, and the list's filters
 * by them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import nock from 'nock';
import {
  AGENCY_API as API,
  detailOf,
  detailPath,
  openFilters,
  openInbox,
  row as listRow,
  submissionOf,
} from './testing';
import type { InboxRow } from './types';

const ME = 'team@makler.example';
const LENA = 'lena@makler.example';

/** Row `n` of the list: a contact message, unread, assigned to nobody. */
const row = (n: number, extra: Partial<InboxRow> = {}): InboxRow =>
  listRow(n, { kind: 'contact', read: false, ...extra });

/** The page signed in as ME, with the list (`items`, `unread` of them) and the staff. */
function open(items: InboxRow[], unread: number, language: 'de' | 'en' = 'de') {
  nock(API)
    .get('/auth/me')
    .reply(200, { email: ME })
    .get('/staff')
    .reply(200, { staff: [ME, LENA] })
    .get('/submissions')
    .reply(200, { items, next: null, unread });
  return openInbox({ language });
}

/** Submission `n`'s detail, unread until opened. */
const detailAnswer = (n: number, extra: Record<string, unknown> = {}) =>
  detailOf(submissionOf(n), { read: false, ...extra });

const table = () => screen.getByRole('table', { name: 'Eingänge, neueste zuerst' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;

afterEach(() => nock.cleanAll());

describe("an agent's working day in the inbox page", () => {
  it('marks unread rows, counts them, marks one read once opened, and unread again on request', async () => {
    const { user } = open([row(1), row(2), row(3, { read: true })], 2);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Eingänge 2 ungelesene Eingänge' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(2) Posteingang'));
    expect(rowOf('Kunde 1')).toHaveTextContent('Ungelesen: Kunde 1');
    expect(rowOf('Kunde 3')).not.toHaveTextContent('Ungelesen');

    let marked: unknown;
    nock(API, { reqheaders: { 'x-xsrf-token': 'xsrf-1' } })
      .get(`/submissions/${row(1).uuid}`)
      .reply(200, detailAnswer(1))
      .put(`/submissions/${row(1).uuid}/read`, (body) => Boolean((marked = body)))
      .reply(200, { uuid: row(1).uuid, read: true, unread: 1 });
    await user.click(within(table()).getByRole('link', { name: 'Kunde 1' }));
    const unreadButton = await screen.findByRole('button', { name: 'Als ungelesen markieren' });
    expect(marked).toEqual({ read: true });
    await user.click(screen.getByRole('link', { name: 'Zurück zur Liste' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Eingänge 1 ungelesener Eingang' }),
    ).toBeInTheDocument();
    expect(rowOf('Kunde 1')).not.toHaveTextContent('Ungelesen');
    expect(document.title).toBe('(1) Posteingang');
    expect(unreadButton).not.toBeInTheDocument();

    // Opened again (read now: nothing to mark), then 'Als ungelesen markieren'.
    nock(API)
      .get(`/submissions/${row(1).uuid}`)
      .reply(200, detailAnswer(1, { read: true }))
      .put(`/submissions/${row(1).uuid}/read`, { read: false })
      .reply(200, { uuid: row(1).uuid, read: false, unread: 2 });
    await user.click(within(table()).getByRole('link', { name: 'Kunde 1' }));
    await user.click(await screen.findByRole('button', { name: 'Als ungelesen markieren' }));
    expect(await screen.findByRole('button', { name: 'Als gelesen markieren' })).toBeEnabled();
    expect(screen.getByText('Als ungelesen markiert.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Zurück zur Liste' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Eingänge 2 ungelesene Eingänge' }),
    ).toBeInTheDocument();
    expect(rowOf('Kunde 1')).toHaveTextContent('Ungelesen: Kunde 1');
  });

  it('adds a note: said at the field when empty, the text kept when the save fails, listed with who and when once saved', async () => {
    const earlier = {
      id: 4,
      author: LENA,
      text: '<b>Rückruf</b> erledigt',
      createdAt: '2026-11-25T08:05:00.000Z',
    };
    const { user } = open([row(1, { read: true, notes: 1 })], 0);
    nock(API)
      .get(`/submissions/${row(1).uuid}`)
      .reply(200, detailAnswer(1, { read: true, notes: [earlier] }));
    await user.click(
      await within(await screen.findByRole('table')).findByRole('link', { name: 'Kunde 1' }),
    );
    const notes = await screen.findByRole('region', { name: 'Notizen' });
    // A note is text, never markup.
    expect(within(notes).getByText('<b>Rückruf</b> erledigt')).toBeInTheDocument();
    expect(notes).toHaveTextContent('lena@makler.example, 25.11.2026, 09:05');
    // Lena's note is hers to delete, not mine.
    expect(within(notes).queryByRole('button', { name: /löschen/ })).not.toBeInTheDocument();

    const field = within(notes).getByRole('textbox', { name: 'Neue Notiz' });
    await user.click(within(notes).getByRole('button', { name: 'Notiz speichern' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Bitte eine Notiz eingeben\./);
    expect(field).toHaveFocus();

    const text = 'Besichtigung am Freitag, 10 Uhr';
    await user.type(field, text);
    expect(field).not.toHaveAttribute('aria-invalid');
    nock(API)
      .post(`/submissions/${row(1).uuid}/notes`, { text })
      .reply(500, { code: 'x', message: 'x', data: { status: 500 } });
    await user.click(within(notes).getByRole('button', { name: 'Notiz speichern' }));
    expect(await within(notes).findByRole('alert')).toHaveTextContent(
      'Die Notiz konnte nicht gespeichert werden. Ihr Text bleibt erhalten.',
    );
    expect(field).toHaveValue(text);

    const saved = { id: 5, author: ME, text, createdAt: '2026-11-26T14:30:00.000Z' };
    nock(API)
      .post(`/submissions/${row(1).uuid}/notes`, { text })
      .reply(201, saved);
    await user.click(within(notes).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(notes).findByText(text, { selector: 'p' })).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(within(notes).getByRole('status')).toHaveTextContent('Notiz gespeichert.');
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'lena@makler.example, 25.11.2026, 09:05<b>Rückruf</b> erledigt',
      `team@makler.example, 26.11.2026, 15:30${text}Löschen`,
    ]);

    // My own note can go.
    nock(API)
      .delete(`/submissions/${row(1).uuid}/notes/5`)
      .reply(200, { deleted: true });
    await user.click(
      within(notes).getByRole('button', { name: 'Notiz vom 26.11.2026, 15:30 löschen' }),
    );
    await waitFor(() =>
      expect(within(notes).queryByText(text, { selector: 'p' })).not.toBeInTheDocument(),
    );
  });

  it('assigns a submission to a staff member, says the latest change saved, and the list shows who', async () => {
    const { user } = open([row(1, { read: true })], 0);
    // Nothing unread: the heading has no count beside it, as the tab's title has none.
    await within(await screen.findByRole('table')).findByRole('link', { name: 'Kunde 1' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Eingänge$/);
    expect(document.title).toBe('Posteingang');
    nock(API)
      .get(`/submissions/${row(1).uuid}`)
      .reply(200, detailAnswer(1, { read: true }));
    await user.click(
      await within(await screen.findByRole('table')).findByRole('link', { name: 'Kunde 1' }),
    );
    const select = await screen.findByRole('combobox', { name: 'Zuständig' });
    expect(select).toHaveValue('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Niemand', ME, LENA]);
    nock(API, { reqheaders: { 'x-xsrf-token': 'xsrf-1' } })
      .put(`/submissions/${row(1).uuid}/assignee`, { assignee: ME })
      .reply(200, { uuid: row(1).uuid, assignee: ME });
    await user.selectOptions(select, ME);
    expect(await screen.findByText('Zuständigkeit gespeichert.')).toBeInTheDocument();
    expect(select).toHaveValue(ME);
    // Marked unread next: the line says that, no longer the assignment before it.
    nock(API)
      .put(`/submissions/${row(1).uuid}/read`, { read: false })
      .reply(200, { uuid: row(1).uuid, read: false, unread: 1 });
    await user.click(screen.getByRole('button', { name: 'Als ungelesen markieren' }));
    expect(await screen.findByText('Als ungelesen markiert.')).toBeInTheDocument();
    expect(screen.queryByText('Zuständigkeit gespeichert.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Zurück zur Liste' }));
    const cells = within(rowOf('Kunde 1')).getAllByRole('cell');
    expect(cells.at(-1)).toHaveTextContent(/^team$/);
  });

  it("filters by 'Nur ungelesene' and by assignee", async () => {
    const { user } = open([row(1), row(2, { read: true })], 1);
    await screen.findByText('Kunde 2');
    nock(API)
      .get('/submissions')
      .query({ unread: 'true' })
      .reply(200, { items: [row(1)], next: null, unread: 1 });
    await openFilters(user);
    await user.click(screen.getByRole('checkbox', { name: 'Nur ungelesene' }));
    await waitFor(() => expect(screen.queryByText('Kunde 2')).not.toBeInTheDocument());
    const assignee = screen.getByRole('combobox', { name: 'Zuständig' });
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle', 'Mir zugewiesen', 'Niemandem zugewiesen', ME, LENA]);
    nock(API)
      .get('/submissions')
      .query({ unread: 'true', assignee: 'me' })
      .reply(200, { items: [row(7, { assignee: ME })], next: null, unread: 1 });
    await user.selectOptions(assignee, 'me');
    expect(await screen.findByText('Kunde 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute(
      'href',
      '/agency/api/submissions.csv?unread=true&assignee=me',
    );
  });

  it('speaks English', async () => {
    const { user } = open([row(1), row(2, { read: true, assignee: LENA })], 1, 'en');
    expect(
      await screen.findByRole('heading', { level: 1, name: /1 unread submission$/ }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Assigned to' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Unread: Kunde 1');
    await openFilters(user);
    expect(screen.getByRole('checkbox', { name: 'Unread only' })).not.toBeChecked();
    nock(API)
      .get(detailPath(row(2).uuid, 'en'))
      .reply(200, detailAnswer(2, { read: true, assignee: LENA }));
    await user.click(within(table).getByRole('link', { name: 'Kunde 2' }));
    expect(await screen.findByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue(LENA);
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByText('No notes yet.')).toBeInTheDocument();
    await user.click(within(notes).getByRole('button', { name: 'Save note' }));
    expect(within(notes).getByRole('textbox', { name: 'New note' })).toHaveAccessibleDescription(
      /Please enter a note\./,
    );
  });
});
