import { apiClient, type ApiCallDef } from 'foyer/core'
import { FaucetFundInputSchema, FaucetFundSchema, faucetFundPath } from './schema.js'

/** The plugin's call: its body and answer checked by the schemas. */
export const faucetApi = {
  fund: { path: faucetFundPath, input: FaucetFundInputSchema, output: FaucetFundSchema, retry: false },
} satisfies Record<string, ApiCallDef>

/** `faucetCalls.fund(foyer, { address, chainId, amount })`. */
export const faucetCalls = apiClient('faucet-funding', faucetApi)
