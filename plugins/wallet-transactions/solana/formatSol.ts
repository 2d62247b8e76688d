/** Lamports in one SOL (the spec's §9). */
export const LAMPORTS_PER_SOL = 1_000_000_000n
/** SOL amounts show at most this many decimals. */
export const SOL_DECIMALS = 6
/** A non-zero amount under 0.001 SOL. */
export const SMALL_SOL_TEXT = '<0.001'
/** A fee or USD value under a cent. */
export const UNDER_A_CENT_TEXT = '<$0.01'

/** Lamports as SOL: up to 6 decimals (trailing zeros dropped), '<0.001' for a non-zero amount below 0.001. */
export function formatSol(lamports: bigint): string {
  if (lamports === 0n) return '0'
  const negative = lamports < 0n
  const abs = negative ? -lamports : lamports
  if (abs < LAMPORTS_PER_SOL / 1000n) return SMALL_SOL_TEXT
  // Rounded to 6 decimals (1000 lamports).
  const micro = (abs + 500n) / 1000n
  const whole = micro / 1_000_000n
  const fraction = (micro % 1_000_000n).toString().padStart(SOL_DECIMALS, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Lamports in USD at `usdPerSol`: '<$0.01' under a cent (zero is '$0.00'), else '$1,234.56'. */
export function formatSolUsd(lamports: bigint, usdPerSol: number): string {
  const usd = (Number(lamports) / Number(LAMPORTS_PER_SOL)) * usdPerSol
  if (usd > 0 && usd < 0.01) return UNDER_A_CENT_TEXT
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
