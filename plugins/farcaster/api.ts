import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  InitOutputSchema,
  LinkInputSchema,
  StatusOutputSchema,
  TransferInputSchema,
  UnlinkInputSchema,
} from './schema.js'

/** API paths of the Farcaster plugin (the spec's). */
export const farcasterPaths = {
  init: '/api/v1/farcaster/init',
  status: '/api/v1/farcaster/status',
  authenticate: '/api/v1/farcaster/authenticate',
  link: '/api/v1/farcaster/link',
  unlink: '/api/v1/farcaster/unlink',
  transfer: '/api/v1/farcaster/transfer',
} as const

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
export const farcasterApi = {
  init: { path: farcasterPaths.init, input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  // Polled: a failed poll is retried by the next one, so the kernel must not retry it too.
  status: { method: 'GET', path: farcasterPaths.status, output: StatusOutputSchema, retry: false },
  authenticate: { path: farcasterPaths.authenticate, input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { path: farcasterPaths.link, input: LinkInputSchema, output: UserSchema },
  unlink: { path: farcasterPaths.unlink, input: UnlinkInputSchema, output: UserSchema },
  transfer: { path: farcasterPaths.transfer, input: TransferInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
