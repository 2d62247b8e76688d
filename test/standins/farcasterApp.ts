import { createSiweMessage } from 'viem/siwe'
import type { LocalAccount } from 'viem/accounts'
import { SIWF_CHAIN_ID, SIWF_STATEMENT } from '../../plugins/farcaster/schema.js'

/** Overrides of the message a test Farcaster app signs (to break one rule at a time). */
export type SiwfOverrides = Partial<{
  domain: string
  uri: string
  nonce: string
  fid: number
  resources: string[]
  expirationTime: Date
  notBefore: Date
  issuedAt: Date
  statement: string
  chainId: number
  address: `0x${string}`
}>

/**
 * What a Farcaster app does with a connect URI, for tests: reads the channel parameters, builds the
 * Sign In With Farcaster message for `fid` and signs it with the custody `account`.
 */
export async function signConnectUri(connectUri: string, account: LocalAccount, fid: number, overrides: SiwfOverrides = {}) {
  const params = new URL(connectUri).searchParams
  const channelToken = params.get('channelToken')!
  const expiration = params.get('expirationTime')
  const message = createSiweMessage({
    domain: overrides.domain ?? params.get('domain')!,
    uri: overrides.uri ?? params.get('siweUri')!,
    nonce: overrides.nonce ?? params.get('nonce')!,
    address: overrides.address ?? account.address,
    version: '1',
    chainId: overrides.chainId ?? SIWF_CHAIN_ID,
    statement: overrides.statement ?? SIWF_STATEMENT,
    issuedAt: overrides.issuedAt ?? new Date(),
    resources: overrides.resources ?? [`farcaster://fid/${overrides.fid ?? fid}`],
    ...(overrides.expirationTime ? { expirationTime: overrides.expirationTime } : expiration ? { expirationTime: new Date(expiration) } : {}),
    ...(overrides.notBefore ? { notBefore: overrides.notBefore } : {}),
  })
  const signature = await account.signMessage({ message })
  return { channelToken, message, signature, fid }
}

/** Completes a channel through the server's relay endpoint, as a Farcaster app would (fetch-like `send`). */
export async function completeChannel(
  send: (path: string, init: RequestInit) => Promise<Response>,
  signed: { channelToken: string; message: string; signature: string; fid: number },
  profile: { username?: string; displayName?: string; pfpUrl?: string; bio?: string } = {},
): Promise<Response> {
  return send('/farcaster/relay/v1/channel/authenticate', {
    method: 'POST',
    headers: { authorization: `Bearer ${signed.channelToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message: signed.message, signature: signed.signature, fid: signed.fid, ...profile }),
  })
}
