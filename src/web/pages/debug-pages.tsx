import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';

/** /test: a diagnostics page for support: is the API up, when was the page rendered. */
export function TestPage() {
  const health = useQuery({
    queryKey: ['/api/health'],
    queryFn: () => apiClient.GET('/api/health'),
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <title>Diagnostics · Food Truck Fund</title>
      <h1 className="text-2xl font-bold">Diagnostics</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">API</dt>
        <dd>{health.isPending ? 'Checking…' : health.isError ? 'Unreachable' : 'OK'}</dd>
        <dt className="text-muted">Page rendered at</dt>
        <dd>{new Date().toLocaleString('en-US')}</dd>
      </dl>
    </div>
  );
}

/** /minimal: the smallest page the client can render, to tell a broken bundle from a broken API. */
export function MinimalPage() {
  return (
    <div className="p-8">
      <title>Minimal Page · Food Truck Fund</title>
      <h1 className="text-xl font-semibold">Minimal page</h1>
      <p className="mt-2 text-muted">The client is running.</p>
    </div>
  );
}
