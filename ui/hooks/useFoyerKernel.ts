import { useContext } from 'react'
import type { Foyer } from '../../core/client/types.js'
import { FoyerContext } from '../FoyerContext.js'

/** The Foyer kernel of the nearest FoyerProvider, for plugin screens and custom UIs. */
export function useFoyerKernel(): Foyer {
  const foyer = useContext(FoyerContext)
  if (!foyer) throw new Error('Foyer hooks must be used inside <FoyerProvider>.')
  return foyer
}
