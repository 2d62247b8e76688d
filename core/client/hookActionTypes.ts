// The ui hooks plugins may add functions to (a plugin's `hookActions` slot), each typed by an interface plugins augment.

/**
 * Functions plugins add to `useSolanaWallets()` (Privy's has `createWallet`, `exportWallet`). A plugin declares their
 * types for hosts by augmenting this interface: `declare module 'foyer' { interface FoyerSolanaWalletsActions { … } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by plugins' declaration merging
export interface FoyerSolanaWalletsActions {}

/** Hook name → the interface typing the functions plugins add to it. */
export interface FoyerHookActions {
  useSolanaWallets: FoyerSolanaWalletsActions
}

/** A name of a hook plugins may add functions to. */
export type HookName = keyof FoyerHookActions
