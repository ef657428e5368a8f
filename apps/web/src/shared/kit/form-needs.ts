/**
 * What an edit form waits for before it opens: data its fields or initial values need (a
 * role's permission tree, the permissions the role holds). The drawer shows a skeleton while
 * it loads and an error with Retry when it failed, so the form never starts from half the data.
 */
export interface FormNeeds {
  pending: boolean;
  error?: unknown;
  retry: () => void;
}

interface NeededQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * The needs of a form from the queries it waits for. Pass only the queries this editor needs:
 * a disabled query stays pending (a new role has no held permissions to wait for).
 */
export function queriesNeeded(...queries: readonly NeededQuery[]): FormNeeds {
  return {
    pending: queries.some((q) => q.isPending),
    error: queries.find((q) => q.error)?.error ?? null,
    retry: () => {
      for (const q of queries) if (q.error || q.isPending) void q.refetch();
    },
  };
}
