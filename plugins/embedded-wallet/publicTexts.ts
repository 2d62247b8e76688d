import { embeddedWalletErrors as errors, embeddedWalletTexts as texts } from './embeddedWalletTexts.js'

// The plugin entry's `embeddedWalletTexts` and `embeddedWalletErrors`: the same objects, bound here instead of re-exported
// from embeddedWalletTexts.ts. esbuild (--splitting) puts a module in the host's first load when a file the entry
// reaches imports or re-exports it and any chunk uses it — and the plugin's lazy screens and operations use that one. A
// module of its own that only hosts import (none of the plugin's code does) stops that: embeddedWalletTexts.ts then loads
// with the plugin's first screen, unless the host itself imports these.

/** The embedded wallet's English texts, by i18n key (override them with `embeddedWallet({ texts })` or `textLocalization`). */
export const embeddedWalletTexts = texts
/** The embedded wallet's error messages (the spec's). */
export const embeddedWalletErrors = errors
