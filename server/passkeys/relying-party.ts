import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';

declare module 'express-session' {
  interface SessionData {
    /** The one WebAuthn challenge this session may answer (the latest asked for), until used or stale. */
    passkeyChallenge?: PasskeyChallenge;
  }
}

export interface PasskeyChallenge {
  /** Signed-in ceremonies only: the anonymous sign-in's challenge is a cookie (SignInChallenges). */
  purpose: 'register' | 'confirm';
  /** base64url, as the options carried it. */
  challenge: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** How long the browser may take (the options' `timeout`), and how long a challenge stays answerable. */
export const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

/** EdDSA, ES256 and RS256: what authenticators use, without the runtime's experimental post-quantum ones. */
export const ALGORITHMS = [-8, -7, -257];

/** Whom a passkey belongs to: the site's origin and its host name (the WebAuthn relying party id). */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * PUBLIC_URL, never the request's Host, as every link the app writes: a passkey made on one origin
 * works on that origin only. Over plain HTTP that must be `http://localhost` (a secure context);
 * an IP address cannot be a relying party id.
 */
export function relyingParty(config: AppConfig): RelyingParty {
  return { id: new URL(config.publicUrl).hostname, origin: config.publicUrl };
}

/** Keeps `challenge` in the session as the one it may answer next, replacing any earlier one. */
export function rememberChallenge(req: Request, purpose: PasskeyChallenge['purpose'], challenge: string): void {
  req.session.passkeyChallenge = { purpose, challenge, expiresAt: Date.now() + CEREMONY_TIMEOUT_MS };
}

/**
 * Takes the session's challenge for `purpose` out of it (so it is used once, whatever the outcome),
 * or undefined when there is none, it was for the other ceremony, or it is stale.
 */
export function takeChallenge(req: Request, purpose: PasskeyChallenge['purpose']): string | undefined {
  const stored = req.session.passkeyChallenge;
  delete req.session.passkeyChallenge;
  if (!stored || stored.purpose !== purpose || stored.expiresAt < Date.now()) return undefined;
  return stored.challenge;
}
