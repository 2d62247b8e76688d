// Tiny inline icons so the ui ships without an icon library.
const common = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const

/** ×. */
export function CloseIcon() {
  return <svg {...common}><path d="M18 6 6 18M6 6l12 12" /></svg>
}

/** ←. */
export function BackIcon() {
  return <svg {...common}><path d="M19 12H5M12 19l-7-7 7-7" /></svg>
}

/** A check in a circle, for success. */
export function CheckIcon({ size = 56 }: { size?: number }) {
  return <svg {...common} width={size} height={size}><circle cx="12" cy="12" r="10" /><path d="m8 12 3 3 5-6" /></svg>
}

/** An exclamation mark in a circle, for errors. */
export function AlertIcon({ size = 56 }: { size?: number }) {
  return <svg {...common} width={size} height={size}><circle cx="12" cy="12" r="10" /><path d="M12 8v4M12 16h.01" /></svg>
}

/** AlertIcon in the theme's error colour: the icon of every error and warning screen. */
export function ErrorIcon() {
  return (
    <span style={{ color: 'var(--foyer-error)' }}>
      <AlertIcon />
    </span>
  )
}

/** A wallet, for the landing's wallet rows ('Continue with a wallet', 'Other wallets'). */
export function WalletIcon() {
  return <svg {...common} width={24} height={24}><path d="M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1" /><path d="M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4" /></svg>
}

/** Four squares, for rows that open more options ('More options', 'Other socials'). */
export function MoreIcon() {
  return <svg {...common} width={24} height={24}><rect x="4" y="4" width="6" height="6" rx="1.5" /><rect x="14" y="4" width="6" height="6" rx="1.5" /><rect x="4" y="14" width="6" height="6" rx="1.5" /><rect x="14" y="14" width="6" height="6" rx="1.5" /></svg>
}

/** A person, for 'Log in with e-mail or socials'. */
export function PersonIcon() {
  return <svg {...common} width={24} height={24}><circle cx="12" cy="8" r="4" /><path d="M4 20a8 8 0 0 1 16 0" /></svg>
}
