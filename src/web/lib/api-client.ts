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

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The one way the client talks to the API: same-origin, with credentials, JSON in and out.
 * A body and its Content-Type go only when there is a payload.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const url = path.startsWith('/') ? `${window.location.origin}${path}` : path;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    // Public answers may be cached for a few seconds (Cache-Control); the query cache decides what is
    // fresh, so the browser always revalidates, which costs a 304 when nothing changed.
    cache: 'no-cache',
  });
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    const body = data as { message?: string; error?: string; errors?: Record<string, string> } | undefined;
    const message = body?.message ?? body?.error ?? `API Error: ${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, body?.errors);
  }
  return data as T;
}

/** The message to show a person for any failure, with a fallback for the unexpected. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
