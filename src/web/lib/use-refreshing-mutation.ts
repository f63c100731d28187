import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change that shows on a list: once the server has taken it, the queries under `refreshes` load
 * again, and the mutation settles only when they have (a form's button stays busy until the page
 * shows the change). A failure is told in a toast with the server's words, else with `fallback`.
 */
export function useRefreshingMutation<TInput, TData>(
  fallback: string,
  mutationFn: (input: TInput) => Promise<TData>,
  refreshes: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback } },
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refreshes }),
  });
}
