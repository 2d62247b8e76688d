/** The fields of a Sign In With Solana message (the wallet-standard `SolanaSignInInput` subset the spec uses). */
export interface SiwsMessage {
  domain: string
  address: string
  statement?: string
  uri: string
  version: string
  chainId: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/**
 * The message text in the Sign In With Solana layout (EIP-4361 with "Solana account"), field for field
 * as wallet-standard's `createSignInMessageText` writes it, so wallets that parse SIWS recognise it.
 */
export function createSiwsMessage(m: SiwsMessage): string {
  let text = `${m.domain} wants you to sign in with your Solana account:\n${m.address}`
  if (m.statement) text += `\n\n${m.statement}`
  const fields = [
    `URI: ${m.uri}`,
    `Version: ${m.version}`,
    `Chain ID: ${m.chainId}`,
    `Nonce: ${m.nonce}`,
    `Issued At: ${m.issuedAt}`,
    ...(m.expirationTime ? [`Expiration Time: ${m.expirationTime}`] : []),
    ...(m.notBefore ? [`Not Before: ${m.notBefore}`] : []),
    ...(m.requestId ? [`Request ID: ${m.requestId}`] : []),
    ...(m.resources?.length ? ['Resources:', ...m.resources.map((r) => `- ${r}`)] : []),
  ]
  return `${text}\n\n${fields.join('\n')}`
}

const MESSAGE = new RegExp(
  [
    '^(?<domain>[^\\n]+?) wants you to sign in with your Solana account:\\n',
    '(?<address>[^\\n]+)\\n',
    '(?:\\n(?<statement>[^\\n]+)\\n)?',
    '\\nURI: (?<uri>[^\\n]+)',
    '\\nVersion: (?<version>[^\\n]+)',
    '\\nChain ID: (?<chainId>[^\\n]+)',
    '\\nNonce: (?<nonce>[^\\n]+)',
    '\\nIssued At: (?<issuedAt>[^\\n]+)',
    '(?:\\nExpiration Time: (?<expirationTime>[^\\n]+))?',
    '(?:\\nNot Before: (?<notBefore>[^\\n]+))?',
    '(?:\\nRequest ID: (?<requestId>[^\\n]+))?',
    '(?:\\nResources:(?<resources>(?:\\n- [^\\n]+)*))?',
    '$',
  ].join(''),
)

/**
 * Parses a SIWS message; null when it isn't one. The required fields (URI, version, chain id, nonce,
 * issued-at) must all be present: the server binds every one of them.
 */
export function parseSiwsMessage(text: string): SiwsMessage | null {
  const g = MESSAGE.exec(text)?.groups
  if (!g) return null
  const message: SiwsMessage = {
    domain: g.domain!,
    address: g.address!,
    uri: g.uri!,
    version: g.version!,
    chainId: g.chainId!,
    nonce: g.nonce!,
    issuedAt: g.issuedAt!,
  }
  if (g.statement !== undefined) message.statement = g.statement
  if (g.expirationTime !== undefined) message.expirationTime = g.expirationTime
  if (g.notBefore !== undefined) message.notBefore = g.notBefore
  if (g.requestId !== undefined) message.requestId = g.requestId
  if (g.resources !== undefined) message.resources = g.resources.split('\n- ').slice(1)
  return message
}
