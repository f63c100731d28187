import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';

/** A component as the app mounts it: the app's query client, a router, and the toaster. */
export function renderWithApp(ui: ReactElement, { path = '/' } = {}): RenderResult & { user: UserEvent } {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user };
}

/** Types each text into the control its label names, in the order given, as a person filling in a form. */
export async function fillIn(user: UserEvent, texts: Record<string, string>): Promise<void> {
  for (const [label, text] of Object.entries(texts)) await user.type(screen.getByLabelText(label), text);
}

/**
 * A 400 answer as the server gives it for refused fields: its code (the schema's `invalid_request` unless
 * told), its message, and each field's own words.
 */
export const refusal = (
  message: string,
  errors: Record<string, string>,
  code = 'invalid_request',
): [number, unknown] => [400, { code, message, errors }];

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The server, faked at fetch: each answer is `[status, json]` by "METHOD /path" (query string
 * included). Unknown requests answer 404. Returns every call made, to assert what was (not) sent.
 */
export function fakeApi(answers: Record<string, [number, unknown]>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost:3000');
      const method = init?.method ?? 'GET';
      const path = url.pathname + url.search;
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const [status, json] = answers[`${method} ${path}`] ?? [
        404,
        { code: 'not_found', message: `Not found: ${method} ${path}` },
      ];
      return new Response(JSON.stringify(json), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
