import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { components, paths } from './api-schema';

export type { paths as ApiPaths } from './api-schema';
/** The stable name of a failure, as the OpenAPI document lists them. */
export type ApiErrorCode = components['schemas']['ErrorCode'];

/**
 * An HTTP failure. `code` is what to decide by (src/contract/error-codes.ts: `truck_not_found`,
 * `rate_limited`…), absent when the answer did not come from the API (a proxy's error page); `message`
 * is only for a person to read, never to compare (lint: architecture/no-message-matching).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | undefined,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether `error` is the API's answer with one of these codes. */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

/**
 * One operation of the document: its path, its parameters and body (typed by openapi-fetch's own
 * request types), and the answer its success returns.
 */
type ApiMethod<M extends HttpMethod> = <
  P extends PathsWithMethod<paths, M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  path: P,
  ...init: RequiredKeysOf<I> extends never ? [I?] : [I]
) => Promise<
  paths[P][M] extends infer O extends Record<string | number, unknown>
    ? Exclude<FetchResponse<O, I, MediaType>['data'], undefined>
    : never
>;

export interface ApiClient {
  GET: ApiMethod<'get'>;
  POST: ApiMethod<'post'>;
  PUT: ApiMethod<'put'>;
  PATCH: ApiMethod<'patch'>;
  DELETE: ApiMethod<'delete'>;
}

interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** `path` with each `{name}` replaced by its value. */
const fill = (path: string, values: Record<string, unknown> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));

/**
 * One call: same-origin, with credentials, JSON in and out; a body and its Content-Type go only when
 * there is a payload. Public answers may be cached for a few seconds (Cache-Control); the query cache
 * decides what is fresh, so the browser always revalidates, which costs a 304 when nothing changed.
 * Answers the parsed JSON (nothing for an empty or unreadable answer); a failure throws an `ApiError`
 * with the server's `code`, its `message` (else its `error`, else the status) and its field errors.
 */
async function send(method: string, path: string, { params = {}, body, headers, signal }: CallInit = {}) {
  // Through JSON, parameters left undefined drop out.
  const search = new URLSearchParams(
    JSON.parse(JSON.stringify(params.query ?? {})) as Record<string, string>,
  );
  const query = search.toString();
  const response = await fetch(
    `${window.location.origin}${fill(path, params.path)}${query ? `?${query}` : ''}`,
    {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      // JSON.stringify(undefined) is undefined: no body.
      body: JSON.stringify(body),
      signal,
      cache: 'no-cache',
    },
  );
  let answer:
    { code?: unknown; message?: string; error?: string; errors?: Record<string, string> } | undefined;
  try {
    answer = JSON.parse(await response.text()) as typeof answer;
  } catch {
    answer = undefined;
  }
  if (!response.ok)
    throw new ApiError(
      response.status,
      typeof answer?.code === 'string' ? (answer.code as ApiErrorCode) : undefined,
      answer?.message ??
        answer?.error ??
        `The server answered ${response.status} ${response.statusText}`.trim(),
      answer?.errors,
    );
  return answer;
}

/**
 * The one way the web talks to the API, typed by the OpenAPI document (openapi/openapi.json, through
 * the types `npm run openapi` generates): `apiClient.GET('/api/events/{id}', { params: { path: { id } } })`.
 * openapi-fetch gives the request types; this small runtime keeps the public event page within its
 * script budget (decision 180).
 */
export const apiClient = new Proxy(
  {},
  { get: (_, method: string) => (path: string, init?: CallInit) => send(method, path, init) },
) as ApiClient;

type PathParamNames<P> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/**
 * A path of the API with its parameters filled in, for what does not go through `apiClient`: links
 * (CSV and calendar files), event streams, the chat's socket. Only a path the document has is accepted.
 */
export function apiPath<P extends keyof paths>(
  path: P,
  ...[params]: PathParamNames<P> extends never ? [] : [Record<PathParamNames<P>, string | number>]
): string {
  return fill(path, params);
}

/** The message to show a person for any failure, with a fallback for the unexpected. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
