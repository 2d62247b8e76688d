// Chain ids as EIP-1193 requests carry them (hex quantities) and as eth_chainId answers them.

/** A chain id of a request (hex quantity or number), or null when it is neither. */
export function parseChainId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null
  if (typeof value === 'bigint') return value > 0n && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return parseChainId(Number.parseInt(value, 16))
  return null
}

/** `0x`-hex of a chain id (eth_chainId's form). */
export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`
