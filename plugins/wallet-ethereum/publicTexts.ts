import { walletEthereumErrors as errors, walletEthereumTexts as texts } from './ethereumTexts.js'

// The plugin entry's `walletEthereumTexts` and `walletEthereumErrors`: the same objects, bound here instead of
// re-exported from ethereumTexts.ts, so that module loads with the plugin's first screen unless the host itself
// imports these (esbuild --splitting puts a module the entry re-exports in the host's first load when a lazy chunk
// uses it: the embedded wallet's publicTexts.ts says more).

/** The Ethereum face's English texts, by i18n key (override them with `embeddedWallet({ texts })` or `textLocalization`). */
export const walletEthereumTexts = texts
/** The Ethereum face's error messages. */
export const walletEthereumErrors = errors
