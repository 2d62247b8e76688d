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
