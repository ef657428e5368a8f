/**
 * What other areas may read of the app content (ARCHITECTURE "a scoped data layer"): the
 * set-up flows the device catalogue's pages name (appdevices), never the table by name.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The Bluetooth and Wi-Fi set-up flows: id, slot (ble, wifi), name, models (targeting), state (stored), updated_at. */
export const pairingFlows: SQL = sql`(SELECT id, slot, name, models, state, updated_at FROM app_content WHERE kind = 'pairingFlow')`;
