import { FARCASTER_SIGNER_POLL_MS, FARCASTER_SIGNER_TIMEOUT_MS } from './farcasterSignerTiming.js'

/** The plugin's state: its options, read by the screen. */
export interface FarcasterSignerState {
  options: { pollIntervalMs: number; timeoutMs: number }
}

/** Options of the Farcaster signer plugin. */
export interface FarcasterSignerPluginOptions {
  /** The status poll (the spec's 2000 ms). */
  pollIntervalMs?: number
  /** How long 'Awaiting Farcaster signer' waits (the spec's 300 000 ms). */
  timeoutMs?: number
  texts?: Record<string, string>
}

/** The state for these options. */
export const farcasterSignerState = (options: FarcasterSignerPluginOptions): FarcasterSignerState => ({
  options: { pollIntervalMs: options.pollIntervalMs ?? FARCASTER_SIGNER_POLL_MS, timeoutMs: options.timeoutMs ?? FARCASTER_SIGNER_TIMEOUT_MS },
})
