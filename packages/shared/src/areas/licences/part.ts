import type { LicenceState } from './messages.js';

/** The format tag of a licence file. */
export const LICENCE_FORMAT = 'htv-licence/1';

/** What a licence file's payload states (base64url JSON, signed as those bytes). */
export interface LicencePayload {
  key: string;
  hotel: { publicId: string; name: string };
  type: string;
  terminalLimit: number;
  effectiveOn: string;
  expiresOn: string;
  issuedAt: string;
}

/**
 * A licence file: the payload and its signature. `Ed25519` ("new" encryption) verifies offline with
 * the server's public key; `HMAC-SHA256` ("old") needs the server's secret, for older firmware.
 */
export interface LicenceFile {
  format: typeof LICENCE_FORMAT;
  algorithm: 'Ed25519' | 'HMAC-SHA256';
  payload: string;
  signature: string;
}

/** The `licence` part of a TV's configuration (docs/licences.md); absent for a hotel without licences. */
export interface LicenceConfigPart {
  /** `valid`, or why the TV may not be used: `expired`, `notYetValid`, `disabled`, `overLimit`. */
  state: LicenceState;
  /** The state in the TV's language, to show on its screen. */
  message: string;
  key: string;
  type: string;
  /** Terminals the hotel's licences in force allow together. */
  terminalLimit: number;
  effectiveOn: string;
  /** The last day (YYYY-MM-DD, UTC) of the licence the TV carries: past it the TV stops by itself. */
  expiresOn: string;
  file: LicenceFile;
}
