import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { SignerKeyInputSchema, SignerOutputSchema } from './schema.js'

/**
 * The Farcaster signer calls (§7): init creates the signed key request for the frame's public key (the server's
 * custody account signs it, Farcaster's API answers the approval URL); status is polled until the user approved.
 */
export const farcasterSignerApi = defineApi('/api/v1/farcaster/signer', {
  init: { input: SignerKeyInputSchema, output: SignerOutputSchema, retry: false },
  // Polled: a failed poll is retried by the next one.
  status: { input: SignerKeyInputSchema, output: SignerOutputSchema, retry: false },
})

/** API paths of the Farcaster signer plugin. */
export const farcasterSignerPaths = apiPaths(farcasterSignerApi)
