import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens a guest's page carries from a TV's QR code: `<payload>.<HMAC>` (base64url), the payload a JSON
 * array. The key is derived from the server's signing key per purpose (feedback, laundry, the shop's
 * phone page), so one page's token opens no other.
 */
export class SignedTokens {
  private readonly key: Buffer;

  constructor(signingKey: string, purpose: string) {
    this.key = createHmac('sha256', signingKey).update(purpose).digest();
  }

  private mac(payload: string) {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 18).toString('base64url');
  }

  sign(values: readonly (string | number)[]): string {
    const payload = Buffer.from(JSON.stringify(values)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The signed values when the signature holds, else null (the caller checks their shape). */
  read(token: string): unknown[] | null {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const values: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString());
      return Array.isArray(values) ? values : null;
    } catch {
      return null;
    }
  }
}
