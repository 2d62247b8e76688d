import { delegatedActionsScreenTexts } from './delegationScreenTexts.js'
import { delegatedActionsErrorTexts } from './delegationTexts.js'

// The plugin's whole English table for hosts, built here: the plugin entry re-exports it from this module of its own,
// which none of the plugin's code imports, so the screens' texts (delegationScreenTexts.ts, the plugin's `loadTexts`)
// stay out of the host's first load unless the host itself reads this table.

/** The spec's texts (§2, §8) and the body copy the spec leaves to us (Foyer where the spec says Privy). */
export const delegatedActionsTexts = { ...delegatedActionsScreenTexts, ...delegatedActionsErrorTexts } as const
