import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../../../shared/kit/FilterBar';

/**
 * The filters the shipment lists share (plans, shipments, differences, claims, the line search):
 * each starts with its search and the shop picker, and the lists of a state machine pick a state by
 * the machine's own labels, so a state reads the same in the filter as in the row's tag.
 */

/** The list's search (`testId`) and the shop picker after it. */
export function searchAndShop(
  t: TFunction,
  search: { placeholder: string; width: number; testId: string },
): [FilterField<'keyword'>, FilterField<'shopId'>] {
  return [
    { kind: 'text', key: 'keyword', maxLength: 64, ...search },
    { kind: 'shop', key: 'shopId', placeholder: t('shipments.allShops'), width: 170 },
  ];
}

/** The labels of a state machine's states, in both languages. */
interface Labelled<S extends string> {
  states: Record<S, { label: { zh: string; en: string } }>;
}

/** A state picker offering `states` under their labels in the screen's language. */
export function stateFilter<S extends string>(
  machine: Labelled<S>,
  states: readonly S[],
  zh: boolean,
  picker: { placeholder: string; width: number; testId?: string },
): FilterField<'state'> {
  return {
    kind: 'select',
    key: 'state',
    ...picker,
    options: states.map((s) => ({ value: s, label: machine.states[s].label[zh ? 'zh' : 'en'] })),
  };
}

/** The shipping mode picker (sea, air, …). */
export function modeFilter(t: TFunction): FilterField<'mode'> {
  return {
    kind: 'select',
    key: 'mode',
    placeholder: t('shipments.allModes'),
    width: 130,
    options: SHIPMENT_MODES.map((m) => ({ value: m, label: t(`shipments.mode.${m}`) })),
  };
}
