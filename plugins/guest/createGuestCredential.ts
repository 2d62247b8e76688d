/** Bytes of randomness in a guest credential (spec §9). */
export const GUEST_CREDENTIAL_BYTES = 32

/** A fresh guest credential from the platform CSPRNG (browser or Node ≥ 20). */
export function createGuestCredential(): string {
  const bytes = new Uint8Array(GUEST_CREDENTIAL_BYTES)
  globalThis.crypto.getRandomValues(bytes)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
