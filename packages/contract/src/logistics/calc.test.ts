/** The calculator's arithmetic by hand: chargeable weight per mode, a card's cost, the FBA size tiers at their boundaries. */
import { describe, expect, it } from 'vitest';
import { cardCostOf, chargeableOf } from './calc';
import { EU_FBA_FEES, feeTableOf, sizeTierOf, US_FBA_FEES } from './fba-fees';

describe('chargeable weight', () => {
  it('is the greater of actual and volumetric weight, by the mode’s divisor and billing step', () => {
    // 0.3 CBM: 300,000 cm³ / 6000 = 50 kg by air, / 5000 = 60 kg by express; 40 kg actual.
    expect(chargeableOf('air', { actualKg: 40, cbm: 0.3 })).toMatchObject({
      volumetricKg: 50,
      chargeableKg: 50,
      chargeableCbm: 0.3,
    });
    expect(chargeableOf('express', { actualKg: 40, cbm: 0.3 })).toMatchObject({ volumetricKg: 60, chargeableKg: 60 });
    // Heavy and small: the actual weight, rounded up to the next half kilogram by express, not by sea.
    expect(chargeableOf('express', { actualKg: 10.2, cbm: 0.01 }).chargeableKg).toBe(10.5);
    expect(chargeableOf('sea', { actualKg: 10.2, cbm: 0.01 }).chargeableKg).toBe(10.2);
    // Weight or measure: 500 kg in 0.3 CBM counts as 0.5 CBM.
    expect(chargeableOf('sea', { actualKg: 500, cbm: 0.3 }).chargeableCbm).toBe(0.5);
  });
});

describe('a card’s cost', () => {
  const sea = chargeableOf('sea', { actualKg: 500, cbm: 0.3 });
  it('charges the higher of weight and measure, at least the minimum, plus fuel', () => {
    // 500 kg x 1.20 = 600 against 0.5 CBM x 180 = 90.
    expect(cardCostOf({ pricePerKg: 1.2, pricePerCbm: 180, minCharge: 60, fuelSurchargePct: 10 }, sea)).toEqual({
      basis: 'kg',
      freight: 600,
      fuel: 60,
      total: 660,
    });
    // Measure only: 0.5 x 1500 = 750.
    expect(cardCostOf({ pricePerKg: null, pricePerCbm: 1500, minCharge: 0, fuelSurchargePct: 0 }, sea)).toMatchObject({
      basis: 'cbm',
      total: 750,
    });
    // 3 kg by air x 5.20 = 15.60, under the minimum of 30; fuel 8 % of 30.
    const air = chargeableOf('air', { actualKg: 3, cbm: 0.001 });
    expect(cardCostOf({ pricePerKg: 5.2, pricePerCbm: null, minCharge: 30, fuelSurchargePct: 8 }, air)).toEqual({
      basis: 'min',
      freight: 30,
      fuel: 2.4,
      total: 32.4,
    });
  });
});

describe('FBA size tiers (US 2024)', () => {
  it('small standard up to 0.75 in thick and 16 oz, large standard beyond', () => {
    // 15 x 10 x 1 cm, 100 g: 3.5 oz.
    expect(sizeTierOf(US_FBA_FEES, { sidesCm: [15, 10, 1], weightKg: 0.1 })).toMatchObject({
      tier: 'us-small-standard',
      fee: 3.06,
    });
    // 1.905 cm is 0.75 in exactly: still small standard; 200 g = 7.05 oz.
    expect(sizeTierOf(US_FBA_FEES, { sidesCm: [20, 15, 1.905], weightKg: 0.2 })).toMatchObject({
      tier: 'us-small-standard',
      fee: 3.15,
    });
    expect(sizeTierOf(US_FBA_FEES, { sidesCm: [20, 15, 1.92], weightKg: 0.2 })).toMatchObject({
      tier: 'us-large-standard',
      fee: 3.9,
    });
  });

  it('large standard over 3 lb: 6.92 plus 0.08 per started half pound; the dimensional weight counts', () => {
    // 30 x 20 x 15 cm = 549.2 in³ / 139 = 3.95 lb; 2.5 kg = 5.51 lb: 5 half pounds and a bit over 3 lb → 6 steps.
    const t = sizeTierOf(US_FBA_FEES, { sidesCm: [30, 20, 15], weightKg: 2.5 });
    expect(t).toMatchObject({ tier: 'us-large-standard', weightUnit: 'lb', fee: 7.4 });
    expect(t.shippingWeight).toBeCloseTo(5.512, 3);
  });

  it('large bulky beyond 18 in, by the dimensional weight', () => {
    // 60 x 40 x 30 cm: 4393.6 in³ / 139 = 31.61 lb over 11.02 lb actual; 9.61 + 31 x 0.38.
    const t = sizeTierOf(US_FBA_FEES, { sidesCm: [40, 60, 30], weightKg: 5 });
    expect(t).toMatchObject({ tier: 'us-large-bulky', fee: 21.39 });
    expect(t.shippingWeight).toBeCloseTo(31.609, 2);
  });
});

describe('FBA size tiers (EU, Amazon.de 2024)', () => {
  it('envelopes by the unit weight, parcels by the greater of unit and dimensional weight', () => {
    expect(sizeTierOf(EU_FBA_FEES, { sidesCm: [20, 15, 1], weightKg: 0.08 })).toMatchObject({
      tier: 'eu-small-envelope',
      fee: 2.3,
    });
    expect(sizeTierOf(EU_FBA_FEES, { sidesCm: [20, 15, 1], weightKg: 0.081 })).toMatchObject({
      tier: 'eu-standard-envelope',
      fee: 2.62,
    });
    // 30 x 20 x 10 cm = 6000 cm³ / 5000 = 1.2 kg over 0.5 kg actual: the 1,400 g band.
    expect(sizeTierOf(EU_FBA_FEES, { sidesCm: [30, 20, 10], weightKg: 0.5 })).toMatchObject({
      tier: 'eu-small-parcel',
      shippingWeight: 1200,
      fee: 4.62,
    });
  });

  it('answers the euro marketplaces with the EU table, the US with its own, others with none', () => {
    expect(feeTableOf(0)).toBe(US_FBA_FEES);
    expect([1, 5, 6, 7, 10].map((id) => feeTableOf(id))).toEqual(Array(5).fill(EU_FBA_FEES));
    expect([2, 3, 4, 8, 9, 11, 12].map((id) => feeTableOf(id))).toEqual(Array(7).fill(null));
  });
});
