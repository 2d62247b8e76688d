import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  InitOutputSchema,
  LinkInputSchema,
  StatusOutputSchema,
  TransferInputSchema,
  UnlinkInputSchema,
} from './schema.js'

/**
 * Paths of the channel relay the server runs, under `/farcaster/relay` (outside /api/v1: a Farcaster
 * app calls it, not a host page). Below that base they are the Farcaster Auth relay's own paths, so a
 * wallet client pointed at `{server}/farcaster/relay` completes channels unchanged.
 */
export const farcasterRelayPaths = {
  base: '/farcaster/relay',
  authenticate: '/farcaster/relay/v1/channel/authenticate',
  status: '/farcaster/relay/v1/channel/status',
} as const

/** The Farcaster plugin's calls, shared by its screen and its headless hook. */
export const farcasterApi = defineApi('/api/v1/farcaster', {
  init: { input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  // Polled: a failed poll is retried by the next one, so the kernel must not retry it too.
  status: { method: 'GET', output: StatusOutputSchema, retry: false },
  authenticate: { input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { input: LinkInputSchema, output: UserSchema },
  unlink: { input: UnlinkInputSchema, output: UserSchema },
  transfer: { input: TransferInputSchema, output: UserSchema },
})

/** API paths of the Farcaster plugin (the spec's). */
export const farcasterPaths = apiPaths(farcasterApi)
