/**
 * Where an online payment would plug in (docs/shop.md "Payment"). No provider is installed: orders are
 * charged to the room or paid at delivery. A provider (WeChat Pay, Alipay, a card gateway) implements
 * this; the order would then wait in a `awaitingPayment` state until `confirm` (the provider's signed
 * callback) moves it to `new`.
 */
export interface PaymentProvider {
  /** Stable key stored on the order (`payment`). */
  key: string;
  /** Starts a payment of `amountMinor` for the order: what the guest scans or opens. */
  start(order: { id: number; number: string; hotelId: number; amountMinor: number; currency: string }): Promise<{ url: string; expiresAt: Date }>;
  /** Verifies the provider's callback (signature, amount, order) and answers the paid order's id, or null. */
  confirm(callback: { headers: Record<string, string | string[] | undefined>; body: unknown }): Promise<{ orderId: number; providerReference: string } | null>;
  /** Refunds a paid order that is cancelled. */
  refund(order: { id: number; amountMinor: number; providerReference: string }): Promise<void>;
}
