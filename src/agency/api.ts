/** The inbox API's calls (server/agency/routes.ts), through the project's HTTP client. */
import { AGENCY_API } from '../../contract/agency';
import type { FunnelReport } from '../../contract/funnel';
import { request, type ApiResult } from '../api/client';
import {
  filterQuery,
  type Delivery,
  type Filter,
  type Handling,
  type InboxRow,
  type SubmissionDetail,
} from './types';

export { AGENCY_API };

export interface AgencyEnv {
  origin: string;
  cookies(): string;
  /** The key `k` of a mailed link leaves the address once used. */
  forgetKey(): void;
}

export function agencyApi(env: AgencyEnv) {
  const call = <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; query?: Record<string, string | number | undefined> } = {},
  ) =>
    request<T>(
      { method, path: AGENCY_API + path, ...options },
      { origin: env.origin, nonce: null, cookies: env.cookies() },
    );
  return {
    me: () => call<{ email: string }>('GET', '/auth/me'),
    requestLink: (email: string) =>
      call<{ sent: boolean }>('POST', '/auth/email', { body: { email } }),
    login: (k: string) => call<{ email: string }>('POST', '/auth/login', { body: { k } }),
    logout: () => call<{ loggedOut: boolean }>('DELETE', '/auth/me'),
    list: (filter: Filter, before?: number) =>
      call<{ items: InboxRow[]; next: number | null }>('GET', '/submissions', {
        query: { ...filterQuery(filter), before },
      }),
    detail: (uuid: string) =>
      call<SubmissionDetail>('GET', `/submissions/${encodeURIComponent(uuid)}`),
    setHandling: (uuid: string, handling: Handling) =>
      call<{ uuid: string; handling: Handling }>(
        'PUT',
        `/submissions/${encodeURIComponent(uuid)}/handling`,
        {
          body: { handling },
        },
      ),
    retry: (id: number) => call<Delivery>('POST', `/deliveries/${id}/retry`, { body: {} }),
    funnel: (from: string, to: string) =>
      call<FunnelReport>('GET', '/funnel', { query: { from, to } }),
  };
}

export type AgencyApi = ReturnType<typeof agencyApi>;

/** The CSV export's address for a filter (a plain download link). */
export function csvHref(filter: Filter): string {
  const query = new URLSearchParams(filterQuery(filter)).toString();
  return `${AGENCY_API}/submissions.csv${query ? `?${query}` : ''}`;
}

export type Result<T> = ApiResult<T>;
