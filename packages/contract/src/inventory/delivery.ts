/**
 * When a shipment counts as late or on time: one rule for every board and list of the supply chain
 * (docs/decisions.md "Late and on time"). Days are the contract's `YYYY-MM-DD` texts, compared as text.
 */

/** The days a receipt may come after the ETA and still be on time (the carriers' usual appointment slack at FBA). */
export const ON_TIME_GRACE_DAYS = 3;

/** The day `days` after `day` (UTC calendar arithmetic on `YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A shipment received in full or closed is on time when its last receipt came by ETA + the grace; one without an
 * ETA or without a receipt has no verdict (null).
 */
export function onTime(eta: string | null, lastReceiptDay: string | null): boolean | null {
  if (!eta || !lastReceiptDay) return null;
  return lastReceiptDay <= addDays(eta, ON_TIME_GRACE_DAYS);
}

/**
 * Whether a shipment is still on its way: its plan shipped and nothing received yet, or received in part and not
 * closed (the rest may still come; a closed plan's remainder is a difference for a claim, not in transit).
 */
export function onTheWay(planState: string, shipped: number, received: number): boolean {
  return planState === 'shipped' || (planState === 'received' && received < shipped);
}

/** A shipment still on its way (its plan shipped, nothing or part received) is late once today is past ETA + the grace. */
export function late(eta: string | null, today: string, stillOnTheWay: boolean): boolean {
  return stillOnTheWay && eta !== null && today > addDays(eta, ON_TIME_GRACE_DAYS);
}
