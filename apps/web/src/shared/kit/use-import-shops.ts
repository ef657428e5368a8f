import { useQuery } from '@tanstack/react-query';
import { shopLabel } from '../markets/markets';
import { userShopsQuery } from '../session/session-queries';

/** The caller's shops as an import wizard's shop choice (`shops` of ImportWizard). */
export function useImportShops() {
  const shops = useQuery(userShopsQuery());
  return {
    loading: shops.isPending,
    options: (shops.data ?? []).map((s) => ({ value: s.id, label: shopLabel(s.name, s.marketId) })),
  };
}
