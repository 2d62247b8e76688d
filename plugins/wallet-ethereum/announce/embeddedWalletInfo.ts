// How the embedded wallet presents itself to the page: in useWallets (meta), to EIP-6963 dapps and in the
// wallet-standard registry (Solana).

/** The embedded wallet's EIP-6963 reverse-DNS id. */
export const EMBEDDED_WALLET_RDNS = 'dev.foyer.wallet'

/** The embedded wallet's display name. */
export const EMBEDDED_WALLET_NAME = 'Foyer Wallet'

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#1f2937"/>' +
  '<rect x="18" y="28" width="60" height="42" rx="8" fill="none" stroke="#fff" stroke-width="6"/>' +
  '<path d="M18 40h60" stroke="#fff" stroke-width="6"/><circle cx="64" cy="56" r="5" fill="#fff"/></svg>'

/** The embedded wallet's icon: an SVG data URI (EIP-6963 asks for a data URI). */
export const EMBEDDED_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(svg)}`

/** The same icon base64-encoded, the form wallet-standard requires (`data:image/svg+xml;base64,…`). */
export const EMBEDDED_WALLET_STANDARD_ICON = `data:image/svg+xml;base64,${btoa(svg)}` as const
