import { SIWF_CHAIN_ID, SIWF_STATEMENT } from '../schema.js'

/** Looks up the custody address of a fid; null when the fid is not registered. */
export type ResolveCustody = (fid: bigint) => Promise<`0x${string}` | null>

/** What the channel expects of the message. */
export interface SiwfExpectation {
  nonce: string
  domain: string
  uri: string
  fid: number
  /** Origins the app allows (normalized); the message's URI must be one of them. */
  allowedOrigins: Set<string>
  now: Date
}

/** A rule a Sign In With Farcaster message broke; the message names the rule, never the input. */
export class SiwfError extends Error {
  override name = 'SiwfError'
}

/** The proven identity: the fid and its custody address. */
export interface VerifiedSiwf {
  fid: number
  custody: `0x${string}`
}

const FID_RESOURCE = /^farcaster:\/\/fid\/([1-9]\d*)\/?$/
const METHOD_RESOURCE = /^farcaster:\/\/signer\/type\/(custody|authAddress)\/?$/

/**
 * Verifies a Sign In With Farcaster (EIP-4361) message: shape, statement and chain, nonce, domain,
 * URI, validity window, the single fid resource, and an EOA signature by the fid's custody address.
 * viem is imported here, lazily, so a server without Farcaster never loads it.
 */
export async function verifySiwf(
  input: { message: string; signature: `0x${string}` },
  expected: SiwfExpectation,
  resolveCustody: ResolveCustody,
): Promise<VerifiedSiwf> {
  const [{ parseSiweMessage, validateSiweMessage }, { verifyMessage, isAddressEqual }] = await Promise.all([
    import('viem/siwe'),
    import('viem'),
  ])
  const parsed = parseSiweMessage(input.message)
  if (!parsed.address || !parsed.domain || !parsed.uri || !parsed.nonce || parsed.version !== '1' || !parsed.issuedAt) {
    throw new SiwfError('Malformed sign-in message')
  }
  if (parsed.statement !== SIWF_STATEMENT) throw new SiwfError('Unexpected statement')
  if (parsed.chainId !== SIWF_CHAIN_ID) throw new SiwfError('Unexpected chain id')
  if (parsed.nonce !== expected.nonce) throw new SiwfError('Nonce mismatch')
  if (parsed.domain !== expected.domain) throw new SiwfError('Domain mismatch')
  let uriOrigin: string
  try {
    uriOrigin = new URL(parsed.uri).origin.toLowerCase()
  } catch {
    throw new SiwfError('URI mismatch')
  }
  if (parsed.uri !== expected.uri || !expected.allowedOrigins.has(uriOrigin)) throw new SiwfError('URI mismatch')
  if (Number.isNaN(parsed.issuedAt.getTime())) throw new SiwfError('Malformed sign-in message')
  if (parsed.expirationTime && (Number.isNaN(parsed.expirationTime.getTime()) || expected.now >= parsed.expirationTime)) {
    throw new SiwfError('Message expired')
  }
  if (parsed.notBefore && (Number.isNaN(parsed.notBefore.getTime()) || expected.now < parsed.notBefore)) {
    throw new SiwfError('Message not yet valid')
  }
  // The remaining EIP-4361 rules (nonce alphabet, address form) in viem's own words.
  if (!validateSiweMessage({ message: parsed, nonce: expected.nonce, domain: expected.domain, time: expected.now })) {
    throw new SiwfError('Invalid sign-in message')
  }

  const resources = parsed.resources ?? []
  const fids = resources.flatMap((r) => FID_RESOURCE.exec(r)?.[1] ?? [])
  if (fids.length !== 1) throw new SiwfError('Message must name exactly one fid')
  if (fids[0] !== String(expected.fid)) throw new SiwfError('Fid mismatch')
  const methods = resources.flatMap((r) => METHOD_RESOURCE.exec(r)?.[1] ?? [])
  // Auth addresses need the KeyRegistry; only custody signatures are accepted.
  if (methods.length > 1 || (methods[0] && methods[0] !== 'custody')) throw new SiwfError('Unsupported signer type')

  const custody = await resolveCustody(BigInt(expected.fid))
  if (!custody) throw new SiwfError('Fid has no custody address')
  if (!isAddressEqual(parsed.address, custody)) throw new SiwfError('Signer is not the custody address')
  let valid = false
  try {
    valid = await verifyMessage({ address: custody, message: input.message, signature: input.signature })
  } catch {
    valid = false
  }
  if (!valid) throw new SiwfError('Invalid signature')
  return { fid: expected.fid, custody }
}
