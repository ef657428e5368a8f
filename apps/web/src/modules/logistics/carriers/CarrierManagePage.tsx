import { useLatestSearchParams } from '../../../shared/url-state';
import { CarriersList } from './CarriersList';
import { RateCardsList } from './RateCardsList';

export type CarrierTab = 'carriers' | 'cards';

/** /carrierManage: the carriers and their rate cards, two kit lists in tabs (the tab in `?tab=`). */
export default function CarrierManagePage() {
  const [params, setParams] = useLatestSearchParams();
  const tab: CarrierTab = params.get('tab') === 'cards' ? 'cards' : 'carriers';
  // The lists read different filters: a tab starts without the other's.
  const open = (next: CarrierTab, extra: Record<string, string> = {}) =>
    setParams(() => new URLSearchParams({ tab: next, ...extra }), { replace: true });
  return tab === 'cards' ? <RateCardsList onTab={open} /> : <CarriersList onTab={open} />;
}
