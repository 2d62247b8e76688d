import {
  DEFAULT_STATEMENT as defaultStatement,
  DELAYED_CONNECTOR_TYPES as delayedConnectorTypes,
  findWalletAccount as findAccount,
  generateSiweMessage as generateMessage,
  siweErrorOutcome as errorOutcome,
  signInWithWallet as signIn,
  submitSiwe as submit,
  toSiweError as toError,
} from './siweFlow.js'

// The plugin entry's flow functions: the same ones, bound here instead of re-exported from siweFlow.ts. esbuild
// (--splitting) puts a module in the host's first load when a file the entry reaches imports or re-exports it and any
// chunk uses it, and the sign screen uses the flow: a module of its own that only hosts import keeps the flow with the
// screen, unless the host itself calls these.

/** Asks the server for a nonce bound to `address`, then builds the EIP-4361 message (viem's SIWE helper, loaded then). */
export const generateSiweMessage = generateMessage
/** Sends the signed message (authenticate for a login, link for a link) and finishes the flow through the kernel. */
export const submitSiwe = submit
/** The whole wallet sign-in with a connected wallet: message, (WalletConnect: a 2.5 s pause), signature, then authenticate or link. */
export const signInWithWallet = signIn
/** Maps a sign-in failure to the sign screen's outcome. `t` translates the plugin's and the kernel's keys. */
export const siweErrorOutcome = errorOutcome
/** The error a headless hook reports: failure-screen codes unchanged, the rest as 'Unable to authorize user'. */
export const toSiweError = toError
/** The wallet account of `address` in a user's linked accounts. */
export const findWalletAccount = findAccount
/** Privy's statement: it tells the user that signing costs nothing. */
export const DEFAULT_STATEMENT = defaultStatement
/** The connector types that wait 2.5 s before the signature prompt (WalletConnect). */
export const DELAYED_CONNECTOR_TYPES = delayedConnectorTypes
