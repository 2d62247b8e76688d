import { hasFailureScreen } from '../../core/client/failureScreenPolicy.js'
import type { AuthResult, Foyer, Intent } from '../../core/client/types.js'
import { AbortError, ApiError, BaseError, FlowError } from '../../core/errors/index.js'
import type { LinkedAccount, RawUser } from '../../core/protocol/index.js'
import { farcasterCalls } from './farcasterCalls.js'
import { farcasterErrorCodes, farcasterErrorText } from './farcasterErrors.js'
import {
  CHANNEL_TOKEN_HEADER,
  FARCASTER_POLL_INTERVAL_MS,
  FARCASTER_TIMEOUT_MS,
  farcasterTexts,
} from './schema.js'

/** An open channel: the deep link to show and the token to poll with. */
export interface FarcasterChannel {
  connectUri: string
  channelToken: string
}

/** A completed channel: what the Farcaster app signed. */
export interface FarcasterSignIn {
  channelToken: string
  message: string
  signature: string
  fid: number
}

/** The error as the Farcaster flow reports it: the spec's text, the original code (for onError). */
export function toFarcasterError(error: unknown): BaseError {
  if (error instanceof BaseError && hasFailureScreen(error)) return error
  const code = error instanceof BaseError ? error.code : 'UNKNOWN_AUTH_ERROR'
  return new FlowError(farcasterErrorText(error), code, { cause: error })
}

/** POST farcaster/init: opens a channel on the server. */
export async function initFarcaster(foyer: Foyer): Promise<FarcasterChannel> {
  const out = await farcasterCalls.init(foyer, { token: null })
  return { connectUri: out.connect_uri, channelToken: out.channel_token }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new AbortError())
    }, { once: true })
  })

/**
 * Polls farcaster/status every 2 s until the channel completes with a message, signature and fid,
 * or 120 s pass ('The request timed out. Try again.'). A poll that fails on the network is retried
 * by the next one; an answer from the server that refuses the channel ends the flow.
 */
export async function pollFarcaster(
  foyer: Foyer,
  channelToken: string,
  options: { signal?: AbortSignal; intervalMs?: number; timeoutMs?: number } = {},
): Promise<FarcasterSignIn> {
  const { signal, intervalMs = FARCASTER_POLL_INTERVAL_MS, timeoutMs = FARCASTER_TIMEOUT_MS } = options
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (signal?.aborted) throw new AbortError()
    try {
      const status = await farcasterCalls.status(foyer, undefined, {
        headers: { [CHANNEL_TOKEN_HEADER]: channelToken },
        ...(signal ? { signal } : {}),
      })
      if (status.state === 'completed' && status.message && status.signature && status.fid) {
        return { channelToken, message: status.message, signature: status.signature, fid: status.fid }
      }
    } catch (error) {
      if (error instanceof AbortError || error instanceof ApiError) throw error
    }
    if (Date.now() + intervalMs > deadline) throw new FlowError(farcasterTexts.timeout, farcasterErrorCodes.timeout)
    await sleep(intervalMs, signal)
  }
}

/** The farcaster account of `fid` in a user's linked accounts. */
export function findFarcasterAccount(user: RawUser, fid: number): LinkedAccount | null {
  const found = user.linkedAccounts.find((a) => a.type === 'farcaster' && (a as LinkedAccount).fid === fid)
  return (found as LinkedAccount | undefined) ?? null
}

/** Authenticates (or links) with the completed channel and finishes the flow through the kernel. */
export async function finishFarcaster(
  foyer: Foyer,
  signIn: FarcasterSignIn,
  options: { intent: Intent; disableSignup?: boolean },
): Promise<AuthResult> {
  const payload = { channel_token: signIn.channelToken, message: signIn.message, signature: signIn.signature, fid: signIn.fid }
  if (options.intent === 'link') {
    const user = await farcasterCalls.link(foyer, payload)
    return foyer.completeAuth({ user }, { loginMethod: 'farcaster', account: findFarcasterAccount(user, signIn.fid), intent: 'link' })
  }
  const mode = options.disableSignup ? 'no-signup' : 'login-or-sign-up'
  const response = await farcasterCalls.authenticate(foyer, { ...payload, mode })
  return foyer.completeAuth(response, { loginMethod: 'farcaster', account: findFarcasterAccount(response.user, signIn.fid), intent: 'login' })
}
