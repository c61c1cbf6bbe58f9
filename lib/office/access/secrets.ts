import {sha256} from '@oslojs/crypto/sha2'
import {encodeBase32LowerCaseNoPadding, encodeHexLowerCase} from '@oslojs/encoding'

/**
 * The office's secrets (sign-in links, their browsers' binding cookies, session tokens), as the
 * Lucia guide makes session tokens on Oslo's primitives: 20 random bytes (160 bits) from the
 * platform's CSPRNG, base32 (lower case, no padding) so they read well in a URL or a cookie. Only
 * their SHA-256 is stored: a leaked table signs nobody in, and a hash of that much randomness
 * needs no salt or slow hash.
 */

export function newSecret(): string {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

/** The stored form of a secret: its SHA-256, 64 hex digits. */
export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)))
}

/** Whether `value` has the shape of a secret made by `newSecret` (32 base32 characters). */
export function isSecretShaped(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[a-z2-7]{32}$/.test(value)
}
