import { createContext } from 'react'
import type { Foyer } from '../core/client/types.js'

/** The kernel of the nearest FoyerProvider (null outside one). */
export const FoyerContext = createContext<Foyer | null>(null)
