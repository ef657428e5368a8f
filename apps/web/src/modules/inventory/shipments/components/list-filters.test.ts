/**
 * The shipment lists' shared filters: the search with the shop picker, a state picker labelled by
 * its machine in the screen's language, and the mode picker.
 */
import { CLAIM_STATES, FBA_CLAIM_MACHINE } from '@bo/contract/inventory/claims';
import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { modeFilter, searchAndShop, stateFilter } from './list-filters';

// The keys stand for their texts: what is checked is which text each filter shows.
const t = ((key: string) => key) as unknown as TFunction;

describe('shipment list filters', () => {
  it('starts with the search under its test id and the shop picker', () => {
    expect(searchAndShop(t, { placeholder: 'Find', width: 260, testId: 'plans-search' })).toEqual([
      { kind: 'text', key: 'keyword', maxLength: 64, placeholder: 'Find', width: 260, testId: 'plans-search' },
      { kind: 'shop', key: 'shopId', placeholder: 'shipments.allShops', width: 170 },
    ]);
  });

  it("offers the states under the machine's labels in the screen's language", () => {
    const states = CLAIM_STATES;
    const first = states[0];
    const zh = stateFilter(FBA_CLAIM_MACHINE, states, true, { placeholder: 'All', width: 130, testId: 'claims-state' });
    const en = stateFilter(FBA_CLAIM_MACHINE, states, false, { placeholder: 'All', width: 130 });
    expect(zh).toMatchObject({ kind: 'select', key: 'state', placeholder: 'All', width: 130, testId: 'claims-state' });
    expect(zh.kind === 'select' && zh.options[0]).toEqual({ value: first, label: FBA_CLAIM_MACHINE.states[first].label.zh });
    expect(en.kind === 'select' && en.options.map((o) => o.label)).toEqual(
      states.map((s) => FBA_CLAIM_MACHINE.states[s].label.en),
    );
    expect(en).not.toHaveProperty('testId');
  });

  it('offers every shipping mode', () => {
    const f = modeFilter(t);
    expect(f.kind === 'select' && f.options.map((o) => o.label)).toEqual(SHIPMENT_MODES.map((m) => `shipments.mode.${m}`));
  });
});
