import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  InitOutputSchema,
  LinkInputSchema,
  LinkSmartWalletInputSchema,
  TransferInputSchema,
  UnlinkInputSchema,
} from './schema.js'

/** API paths of the SIWE plugin (the spec's). */
export const siwePaths = {
  init: '/api/v1/siwe/init',
  authenticate: '/api/v1/siwe/authenticate',
  link: '/api/v1/siwe/link',
  unlink: '/api/v1/siwe/unlink',
  linkSmartWallet: '/api/v1/siwe/link_smart_wallet',
  transfer: '/api/v1/siwe/transfer',
} as const

/** The SIWE plugin's calls, shared by its screen and its headless hooks. */
export const siweApi = {
  init: { path: siwePaths.init, input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  authenticate: { path: siwePaths.authenticate, input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { path: siwePaths.link, input: LinkInputSchema, output: UserSchema },
  unlink: { path: siwePaths.unlink, input: UnlinkInputSchema, output: UserSchema },
  linkSmartWallet: { path: siwePaths.linkSmartWallet, input: LinkSmartWalletInputSchema, output: UserSchema },
  transfer: { path: siwePaths.transfer, input: TransferInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
