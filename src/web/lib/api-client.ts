import createClient from 'openapi-fetch';
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

/** Paths resolve against the page's own origin (the API is same-origin), whatever the document's base. */
class SameOriginRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(
      typeof input === 'string' && input.startsWith('/') ? `${window.location.origin}${input}` : input,
      init,
    );
  }
}

/**
 * The one way the web talks to the API: typed by the OpenAPI document (openapi/openapi.json, through the
 * types `npm run openapi` generates), same-origin, with credentials, JSON in and out. A body and its
 * Content-Type go only when there is a payload. Public answers may be cached for a few seconds
 * (Cache-Control); the query cache decides what is fresh, so the browser always revalidates, which costs
 * a 304 when nothing changed.
 */
export const apiClient = createClient<paths>({
  Request: SameOriginRequest,
  // Read at each call, so that a test's stand-in for fetch is the one used.
  fetch: (request) => globalThis.fetch(request),
  credentials: 'include',
  cache: 'no-cache',
  headers: { Accept: 'application/json' },
});

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
  const values = (params ?? {}) as Record<string, string | number>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** The message to show a person for any failure, with a fallback for the unexpected. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
