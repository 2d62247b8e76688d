import { useEffect, useState } from 'react'
import type { Foyer } from '../../../core/client/types.js'
import { fetchTokenPrice } from '../tokenPrice.js'

/**
 * The USD price of `chain`'s native currency for a transaction screen, when it shows dollars (`priceDisplay: 'usd'`);
 * null until the server answers, and when it has none or amounts show in the chain's currency.
 */
export function useNativePrice(
  foyer: Foyer,
  chain: { id: number; nativeCurrency: { symbol: string } },
  params: { priceDisplay?: 'usd' | 'native'; fetch?: typeof globalThis.fetch },
): number | null {
  const [price, setPrice] = useState<number | null>(null)
  useEffect(() => {
    if (params.priceDisplay !== 'usd') return
    let live = true
    void fetchTokenPrice(foyer, chain.id, chain.nativeCurrency.symbol, params.fetch).then((p) => live && setPrice(p))
    return () => {
      live = false
    }
  }, [chain.id])
  return price
}
