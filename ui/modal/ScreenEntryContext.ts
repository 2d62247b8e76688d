import { createContext } from 'react'
import type { ScreenEntry } from '../../core/client/types.js'

/** The modal stack entry of the screen being rendered (ScreenHost provides it; useScreenState keeps state on it). */
export const ScreenEntryContext = createContext<ScreenEntry | null>(null)
