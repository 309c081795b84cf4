/**
 * The inbox page for its tests: a list row as the API answers it, and the page with its real
 * store and sagas in a memory router (the inbox API answered by each test's nock).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { WIDGET_ORIGIN } from '../../test/helpers';
import { trackSaga } from '../../test/liveStores';
import { agencyApi, type AgencyEnv } from './api';
import { createAgencyI18n } from './i18n';
import { AgencyRoot } from './Root';
import { makeAgencyStore } from './store';
import type { InboxRow, Submission } from './types';

/** Where the tests' inbox API answers. */
export const AGENCY_API = `${WIDGET_ORIGIN}/agency/api`;

/** Row `n` of the list: a lead of 'Kunde n', confirmed and new. */
export const row = (n: number, extra: Partial<InboxRow> = {}): InboxRow => ({
  id: 1000 - n,
  uuid: `0190c1a2-0000-7000-8000-${String(n).padStart(12, '0')}`,
  kind: 'lead',
  name: `Kunde ${n}`,
  email: `kunde${n}@example.de`,
  phone: '',
  place: '10435 Berlin',
  confirmed: true,
  handling: 'new',
  createdAt: '2026-11-24T09:30:00.000Z',
  read: true,
  assignee: null,
  notes: 0,
  matches: 0,
  newMatches: 0,
  ...extra,
});

/**
 * Submission `n` (the list's row `n`) as its detail answers it: a confirmed contact message of
 * 'Kunde n' with the data privacy consent given; `extra` and `contact` change what a test needs.
 */
export function submissionOf(
  n: number,
  extra: Partial<Submission> = {},
  contact: Partial<Submission['contact']> = {},
): Submission {
  return {
    uuid: row(n).uuid,
    kind: 'contact',
    confirmed: true,
    handling: 'new',
    language: 'de',
    createdAt: '2026-11-24T09:30:00.000Z',
    confirmedAt: null,
    contact: {
      salutation: '',
      firstname: 'Kunde',
      lastname: String(n),
      email: `kunde${n}@example.de`,
      phone: '',
      street: '',
      number: '',
      zip: '',
      city: '',
      company: '',
      ...contact,
    },
    consent: {
      boxes: { dataPrivacy: true },
      at: '2026-11-24T09:30:00.000Z',
      textVersion: null,
      current: {
        dataPrivacy: { state: 'given', givenAt: null, withdrawnAt: null },
        acceptContact: { state: 'none', givenAt: null, withdrawnAt: null },
        newsletter: { state: 'none', givenAt: null, withdrawnAt: null },
      },
    },
    message: 'Bitte um Rückruf.',
    ...extra,
  };
}

/** A detail's answer: `shown` read by the staff member, no deliveries, log, assignee or notes. */
export const detailOf = (shown: Submission, extra: Record<string, unknown> = {}) => ({
  submission: shown,
  deliveries: [],
  consentLog: [],
  read: true,
  assignee: null,
  notes: [],
  ...extra,
});

/** The path the detail of `uuid` is asked at, by a page in `language`. */
export const detailPath = (uuid: string, language: 'de' | 'en' = 'de') =>
  `/submissions/${uuid}${language === 'en' ? '?lang=en' : ''}`;

/** The inbox page at `route`; `beside` is rendered in its router too (a test's own controls). */
export function openInbox({
  k = null,
  language = 'de',
  route = '/',
  beside = null,
}: {
  k?: string | null;
  language?: 'de' | 'en';
  route?: string;
  beside?: ReactNode;
} = {}) {
  const env: AgencyEnv = {
    origin: WIDGET_ORIGIN,
    cookies: () => 'XSRF-TOKEN=xsrf-1',
    forgetKey: jest.fn(),
    language,
  };
  const store = makeAgencyStore({ api: agencyApi(env), env });
  trackSaga(store.sagaTask);
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>
      {beside}
      {children}
    </MemoryRouter>
  );
  render(<AgencyRoot store={store} i18n={createAgencyI18n(language)} k={k} router={Router} />);
  return { env, store, user: userEvent.setup({ delay: null }) };
}

/** The browser's Back and Forward, and the page's address, for a test to use and read. */
function History() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <button type="button" aria-label="test: back" onClick={() => navigate(-1)} />
      <button type="button" aria-label="test: forward" onClick={() => navigate(1)} />
      <output aria-label="test: address">{location.pathname + location.search}</output>
    </>
  );
}

/** The inbox page with the History controls beside it ('test: back', 'test: forward'). */
export const openWithHistory = (
  options: Omit<Parameters<typeof openInbox>[0] & object, 'beside'> = {},
) => openInbox({ ...options, beside: <History /> });

/** The page's address as the History controls show it. */
export const shownAddress = () => screen.getByRole('status', { name: 'test: address' }).textContent;

/** The staff member's session, as the inbox asks for it first. */
export function staffSignedIn(agency = 'Makler & Co') {
  nock(AGENCY_API).get('/auth/me').reply(200, { email: 'team@makler.example', agency });
}

/** The list's answer to exactly `query` (every parameter named, no other). */
export const listed = (query: Record<string, string>, items: InboxRow[], total = items.length) =>
  nock(AGENCY_API)
    .get('/submissions')
    .query((asked) => JSON.stringify(asked) === JSON.stringify(query))
    .reply(200, { items, next: null, total });

/** The page as a phone shows it: every `max-width` media query matches (until offPhone). */
export function onPhone() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}

/** The page as jsdom shows it again: no media queries. */
export function offPhone() {
  delete (window as { matchMedia?: unknown }).matchMedia;
}

/** Unfolds the list's filter form by its button ('Filter', 'Filter (2)'; 'Filters'), as an agent does. */
export async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Filters?( \(\d+\))?$/, expanded: false }));
}
