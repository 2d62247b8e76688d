/** wallet-standard's `SolanaSignInInput`: what a dapp asks `solana:signIn` for (every field optional). */
export interface SolanaSignInInput {
  domain?: string
  address?: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

const randomNonce = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('')

/**
 * The input a wallet signs for `solana:signIn`: the dapp's fields, with what the wallet fills itself — the page's host
 * as domain, the account's address, and (so a SIWS server can check every field) the page's origin as URI, version 1,
 * mainnet, a fresh nonce and the time. A domain or address other than the page's and the account's is refused.
 */
export function completeSignInInput(input: SolanaSignInInput, address: string, page: { host: string; origin: string }): Required<Pick<SolanaSignInInput, 'domain' | 'address' | 'uri' | 'version' | 'chainId' | 'nonce' | 'issuedAt'>> & SolanaSignInInput {
  if (input.domain !== undefined && input.domain !== page.host) throw new Error(`Sign-in domain ${input.domain} is not this page's (${page.host})`)
  if (input.address !== undefined && input.address !== address) throw new Error('Sign-in address is not the account signing')
  return { ...input, domain: page.host, address, uri: input.uri ?? page.origin, version: input.version ?? '1', chainId: input.chainId ?? 'mainnet', nonce: input.nonce ?? randomNonce(), issuedAt: input.issuedAt ?? new Date().toISOString() }
}

/** The message text, laid out as wallet-standard's `createSignInMessageText` (EIP-4361 with "Solana account"). */
export function signInMessageText(input: SolanaSignInInput & { domain: string; address: string }): string {
  let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) text += `\n\n${input.statement}`
  const fields = [
    ...(input.uri ? [`URI: ${input.uri}`] : []),
    ...(input.version ? [`Version: ${input.version}`] : []),
    ...(input.chainId ? [`Chain ID: ${input.chainId}`] : []),
    ...(input.nonce ? [`Nonce: ${input.nonce}`] : []),
    ...(input.issuedAt ? [`Issued At: ${input.issuedAt}`] : []),
    ...(input.expirationTime ? [`Expiration Time: ${input.expirationTime}`] : []),
    ...(input.notBefore ? [`Not Before: ${input.notBefore}`] : []),
    ...(input.requestId ? [`Request ID: ${input.requestId}`] : []),
    ...(input.resources?.length ? ['Resources:', ...input.resources.map((r) => `- ${r}`)] : []),
  ]
  return fields.length ? `${text}\n\n${fields.join('\n')}` : text
}
