import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  InitOutputSchema,
  LinkInputSchema,
  LinkSmartWalletInputSchema,
  TransferInputSchema,
  UnlinkInputSchema,
} from './schema.js'

/** The SIWE plugin's calls, shared by its screen and its headless hooks. */
export const siweApi = defineApi('/api/v1/siwe', {
  init: { input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  authenticate: { input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { input: LinkInputSchema, output: UserSchema },
  unlink: { input: UnlinkInputSchema, output: UserSchema },
  linkSmartWallet: { path: 'link_smart_wallet', input: LinkSmartWalletInputSchema, output: UserSchema },
  transfer: { input: TransferInputSchema, output: UserSchema },
})

/** API paths of the SIWE plugin (the spec's). */
export const siwePaths = apiPaths(siweApi)
