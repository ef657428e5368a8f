/**
 * How a delivered message reaches a phone beyond the in-app inbox (docs/app-messages.md, "Push
 * providers"). The sender commits a delivery row first (the inbox entry, at most one per message
 * and device), then hands it to the provider and stamps `pushed_at`. A process that dies between
 * the two leaves the row unstamped, and the next batch hands it over again with the same
 * idempotency key: a real provider (APNs' apns-collapse-id, FCM's message id, or a gateway's
 * Idempotency-Key header) drops the repeat, so a phone is notified at most once as well.
 */
export interface PushDelivery {
  deliveryId: number;
  messageId: number;
  deviceId: number;
  /** The app's opaque device id. */
  deviceKey: string;
  /** The provider's token the device registered, or null. */
  pushToken: string | null;
  title: string;
  body: string;
  link: string;
}

export interface PushProvider {
  readonly name: string;
  /** Hands one delivery to the provider; the same key for the same (message, device), however often it is called. */
  send(delivery: PushDelivery, idempotencyKey: string): Promise<void>;
}

/** The key of one (message, device): stable across retries and processes. */
export const idempotencyKeyOf = (messageId: number, deviceId: number) => `app-message-${messageId}-device-${deviceId}`;

/**
 * The only provider here: the in-app inbox. The delivery row is the inbox entry, committed before
 * `send` is called, so there is nothing more to do; the app reads it through `app/v1/inbox`.
 */
export const inboxProvider: PushProvider = {
  name: 'inbox',
  async send() {},
};
