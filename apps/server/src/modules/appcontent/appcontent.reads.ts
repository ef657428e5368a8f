/**
 * What other areas may read of the app content (ARCHITECTURE "a scoped data layer"): the
 * set-up flows the device catalogue's pages name (appdevices), never the table by name.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The Bluetooth and Wi-Fi set-up flows: id, slot (ble, wifi), name, models (targeting), state (stored), updated_at. */
export const pairingFlows: SQL = sql`(SELECT id, slot, name, models, state, updated_at FROM app_content WHERE kind = 'pairingFlow')`;

/**
 * Every record of the model, for a kind declared in another area that checks the records it names
 * or must hold alone (appdevices: a SKU presentation's device page, a SKU or game key held once):
 * id, kind, slot, name, payload, models (targeting), state (stored), updated_at.
 */
export const contentRecords: SQL = sql`(SELECT id, kind, slot, name, payload, models, state, updated_at FROM app_content)`;
