/**
 * The backend's calls as the contract types them (contract/types.ts, generated from
 * contract/openapi.ts): a request names a path and method of the contract, with the path's
 * parameters and the body the contract takes, and its answer has the contract's type. Types
 * only: nothing of this module ships. The callers write the contract's paths as the contract
 * spells them (the compiler checks each against it), as openapi-fetch's callers do: a module of
 * path constants would ship every path to every route (webpack keeps a shared module's exports).
 */
import type { paths } from '../../contract/types';
import type { HttpMethod as Method } from './client';

export type Path = keyof paths;
type Operation<P extends Path, M extends Method> = NonNullable<paths[P][Lowercase<M>]>;

/** The methods the contract has for a path. */
export type MethodOf<P extends Path> = {
  [M in Method]: paths[P][Lowercase<M>] extends undefined | never ? never : M;
}[Method];

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;

/** The body a call takes (undefined: none). */
export type BodyOf<P extends Path, M extends Method> =
  Operation<P, M> extends { requestBody?: infer R } ? Json<NonNullable<R>> : undefined;

/** What a call answers when it succeeds (2xx). */
export type AnswerOf<P extends Path, M extends Method> =
  Operation<P, M> extends { responses: infer R }
    ? Json<R[Extract<keyof R, 200 | 201 | 202 | 204>]>
    : never;

type Parameters<P extends Path, M extends Method, In extends 'path' | 'query'> =
  Operation<P, M> extends { parameters: infer X }
    ? X extends { [K in In]?: infer V }
      ? [V] extends [never]
        ? undefined
        : V
      : undefined
    : undefined;

/** A call of the contract: its path and method, the path's parameters, query and body. */
export type ContractRequest<P extends Path, M extends MethodOf<P>> = {
  method: M;
  path: P;
  /** A configured URL that takes the path's place (a submit URL of the host page). */
  url?: string | null;
  headers?: Record<string, string>;
} & (Parameters<P, M, 'path'> extends undefined
  ? { params?: undefined }
  : { params: NonNullable<Parameters<P, M, 'path'>> }) &
  (Parameters<P, M, 'query'> extends undefined
    ? { query?: undefined }
    : { query?: NonNullable<Parameters<P, M, 'query'>> }) &
  (BodyOf<P, M> extends undefined ? { body?: undefined } : { body: BodyOf<P, M> });

/** The paths the forms post their submission to. */
export type SubmissionPath =
  | '/v1/wizard/lead'
  | '/v1/wizard/saved-search'
  | '/v1/wizard/expose-inquiry'
  | '/v1/wizard/contact';
