import type { Client } from 'openapi-fetch';
import type { paths } from './api-schema';

export type { paths as ApiPaths } from './api-schema';

/** An HTTP failure with the server's message (or "API Error: {status} {statusText}"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The typed calls: a path of the document, its parameters and body, typed by openapi-fetch's `Client`. */
export type ApiClient = Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;

interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * One call: same-origin, with credentials, JSON in and out; a body and its Content-Type go only when
 * there is a payload. Answers `{ data }` or `{ error }` (the parsed JSON, else the text, else nothing)
 * with the response, as openapi-fetch does. Public answers may be cached for a few seconds
 * (Cache-Control); the query cache decides what is fresh, so the browser always revalidates, which
 * costs a 304 when nothing changed.
 */
async function send(method: string, path: string, { params = {}, body, headers, signal }: CallInit = {}) {
  // Through JSON, parameters left undefined drop out.
  const search = new URLSearchParams(
    JSON.parse(JSON.stringify(params.query ?? {})) as Record<string, string>,
  );
  const response = await fetch(
    `${window.location.origin}${fill(path, params.path)}${search.toString() ? `?${search.toString()}` : ''}`,
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
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    // Not JSON: an answer keeps nothing, a failure its text (a proxy's error page).
    answer = response.ok || !text ? undefined : text;
  }
  return response.ok ? { data: answer, response } : { error: answer, response };
}

/** `path` with each `{name}` replaced by its value. */
const fill = (path: string, values: Record<string, unknown> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));

/**
 * The one way the web talks to the API, typed by the OpenAPI document (openapi/openapi.json, through
 * the types `npm run openapi` generates). openapi-fetch gives the types; this small runtime keeps the
 * public event page within its script budget (decision 180).
 */
export const apiClient = new Proxy(
  {},
  { get: (_, method: string) => (path: string, init?: CallInit) => send(method, path, init) },
) as ApiClient;

interface ApiResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The answer of a call through `apiClient`, or an `ApiError` with the server's `message` (else its
 * `error`, else the status) and its field errors.
 */
export async function call<R extends ApiResult>(request: Promise<R>): Promise<Exclude<R['data'], undefined>> {
  const { data, error, response } = await request;
  if (!response.ok) {
    const body = (error && typeof error === 'object' ? error : undefined) as
      { message?: string; error?: string; errors?: Record<string, string> } | undefined;
    const message = body?.message ?? body?.error ?? `API Error: ${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, body?.errors);
  }
  return data as Exclude<R['data'], undefined>;
}

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
