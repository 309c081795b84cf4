/**
 * The inbox API's calls (docs/agency.md#the-inbox), through the project's HTTP client: each
 * names a path of the contract, whose types give its parameters, body and answer.
 */
import { AGENCY_API } from '../../contract/agency';
import { request, type ApiResult } from '../api/client';
import type { AnswerOf, ContractRequest, MethodOf, Path } from '../api/contract';
import { filterQuery, sortQuery, type Filter, type Handling, type ListSort } from './types';

export interface AgencyEnv {
  origin: string;
  cookies(): string;
  /** The key `k` of a mailed link leaves the address once used. */
  forgetKey(): void;
  /** The page's language: a submission's category and field texts come in it (German unless). */
  language?: 'de' | 'en';
}

export function agencyApi(env: AgencyEnv) {
  const call = <P extends Path, M extends MethodOf<P>>(req: ContractRequest<P, M>) =>
    request(req, { origin: env.origin, nonce: null, cookies: env.cookies() }) as Promise<
      ApiResult<AnswerOf<P, M>>
    >;
  return {
    me: () => call({ method: 'GET', path: '/agency/api/auth/me' }),
    requestLink: (email: string) =>
      call({ method: 'POST', path: '/agency/api/auth/email', body: { email } }),
    login: (k: string) => call({ method: 'POST', path: '/agency/api/auth/login', body: { k } }),
    logout: () => call({ method: 'DELETE', path: '/agency/api/auth/me' }),
    list: (filter: Filter, sort: ListSort, after?: string) =>
      call({
        method: 'GET',
        path: '/agency/api/submissions',
        query: { ...filterQuery(filter), ...sortQuery(sort), after },
      }),
    detail: (uuid: string) =>
      call({
        method: 'GET',
        path: '/agency/api/submissions/{uuid}',
        params: { uuid },
        query: env.language === 'en' ? { lang: 'en' } : {},
      }),
    matches: (uuid: string) =>
      call({
        method: 'GET',
        path: '/agency/api/submissions/{uuid}/matches',
        params: { uuid },
        query: env.language === 'en' ? { lang: 'en' } : {},
      }),
    staff: () => call({ method: 'GET', path: '/agency/api/staff' }),
    setRead: (uuid: string, read: boolean) =>
      call({
        method: 'PUT',
        path: '/agency/api/submissions/{uuid}/read',
        params: { uuid },
        body: { read },
      }),
    addNote: (uuid: string, text: string) =>
      call({
        method: 'POST',
        path: '/agency/api/submissions/{uuid}/notes',
        params: { uuid },
        body: { text },
      }),
    deleteNote: (uuid: string, id: number) =>
      call({
        method: 'DELETE',
        path: '/agency/api/submissions/{uuid}/notes/{id}',
        params: { uuid, id },
      }),
    assign: (uuid: string, assignee: string | null) =>
      call({
        method: 'PUT',
        path: '/agency/api/submissions/{uuid}/assignee',
        params: { uuid },
        body: { assignee },
      }),
    setHandling: (uuid: string, handling: Handling) =>
      call({
        method: 'PUT',
        path: '/agency/api/submissions/{uuid}/handling',
        params: { uuid },
        body: { handling },
      }),
    contactMentions: (uuid: string) =>
      call({
        method: 'GET',
        path: '/agency/api/submissions/{uuid}/contact/mentions',
        params: { uuid },
      }),
    eraseContact: (uuid: string) =>
      call({ method: 'DELETE', path: '/agency/api/submissions/{uuid}/contact', params: { uuid } }),
    removeDemo: () => call({ method: 'DELETE', path: '/agency/api/demo' }),
    retry: (id: number) =>
      call({ method: 'POST', path: '/agency/api/deliveries/{id}/retry', params: { id } }),
    funnel: (from: string, to: string) =>
      call({ method: 'GET', path: '/agency/api/funnel', query: { from, to } }),
  };
}

export type AgencyApi = ReturnType<typeof agencyApi>;

/** A submission's OpenImmo-Feedback XML, for the agency's CRM (a plain download link). */
export function openimmoFeedbackHref(uuid: string): string {
  return `${AGENCY_API}/submissions/${encodeURIComponent(uuid)}/openimmo-feedback.xml`;
}

/** The CSV export's address for a filter, in the list's order (a plain download link). */
export function csvHref(filter: Filter, sort: ListSort): string {
  const query = new URLSearchParams({ ...filterQuery(filter), ...sortQuery(sort) }).toString();
  return `${AGENCY_API}/submissions.csv${query ? `?${query}` : ''}`;
}
