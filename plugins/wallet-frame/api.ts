import * as v from 'valibot'
import { UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import {
  AddWalletInputSchema,
  AuthShareInputSchema,
  AuthShareOutputSchema,
  CreateWalletInputSchema,
  CustodyNonceOutputSchema,
  OpenRecoveryShareInputSchema,
  OpenRecoveryShareOutputSchema,
  ProveWalletsInputSchema,
  RecoveryKeyInputSchema,
  RecoveryKeyOutputSchema,
  RecoveryShareInputSchema,
  RecoverOutputSchema,
  RecoveryShareOutputSchema,
  SetAutomaticRecoveryInputSchema,
  SetRecoveryInputSchema,
  WalletRefInputSchema,
} from './schema.js'

/**
 * The custody calls the wallet frame makes (from its own origin, with the user's access token; the server refuses
 * any other origin). The host page never calls them: shares exist only in the frame and on the server.
 */
export const embeddedWalletApi = defineApi('/api/v1/embedded_wallets', {
  /** A single-use nonce for the next custody write (the wallet signs it into the statement). */
  custodyNonce: { path: 'custody_nonce', input: v.object({}), output: CustodyNonceOutputSchema },
  /** Stores a new root, its encrypted auth and recovery shares and the wallet's linked account; answers the user. */
  create: { input: CreateWalletInputSchema, output: UserSchema },
  /** Proves a root's wallets stored before custody proofs (each wallet's signature); answers the user. */
  prove: { input: ProveWalletsInputSchema, output: UserSchema },
  /** Adds the next HD wallet of a root; answers the user. */
  add: { input: AddWalletInputSchema, output: UserSchema },
  /** Releases the root's auth share (rate limited, logged). */
  authShare: { path: 'auth_share', input: AuthShareInputSchema, output: AuthShareOutputSchema },
  /** Automatic ('privy') recovery: releases the auth and recovery shares (rate limited, logged). */
  recover: { input: WalletRefInputSchema, output: RecoverOutputSchema },
  /** Stores the recovery share encrypted under a user-owned key, replacing the old one (one transaction); answers the user. */
  setRecovery: { path: 'set_recovery', input: SetRecoveryInputSchema, output: UserSchema },
  /** Back to automatic recovery: the server seals the given share of the split and drops the user-owned one; answers the user. */
  setAutomaticRecovery: { path: 'set_automatic_recovery', input: SetAutomaticRecoveryInputSchema, output: UserSchema },
  /** User-owned recovery: the auth share and the encrypted recovery share + KDF parameters (rate limited, logged). */
  recoveryShare: { path: 'recovery_share', input: RecoveryShareInputSchema, output: RecoveryShareOutputSchema },
  /** A password's verifier for the share: the auth share and the encrypted recovery share (counted, logged). */
  openRecoveryShare: { path: 'open_recovery_share', input: OpenRecoveryShareInputSchema, output: OpenRecoveryShareOutputSchema },
  /** A new OPRF key for the root's next password, and the blinded password evaluated under it. */
  recoveryKey: { path: 'recovery_key', input: RecoveryKeyInputSchema, output: RecoveryKeyOutputSchema },
})

/** API paths of the embedded-wallet plugin's custody routes. */
export const embeddedWalletPaths = apiPaths(embeddedWalletApi)
