import { MAX_CLOCK_SKEW_SECONDS, MAX_MESSAGE_AGE_SECONDS, evmChainNumber, type SiweAppConfig } from '../schema.js'

/** A rule a sign-in message broke; the message names the rule, never the input. */
export class SiweError extends Error {
  override name = 'SiweError'
}

/** The signature could not be checked (the chain's RPC failed): not the signer's fault. */
export class SiweRpcError extends Error {
  override name = 'SiweRpcError'
}

/** What the app allows and what the request says. */
export interface SiweExpectation {
  /** The app's allowed origins (normalized: lower case, no trailing slash). */
  allowedOrigins: ReadonlySet<string>
  /** The app's `siwe.chains`; absent: any chain id, EOA signatures only. */
  chains?: SiweAppConfig['chains']
  /** The chain id the request body names, if any: it must be the message's. */
  chainId?: string | number
  now: Date
  /** Checks that the nonce is ours, for this address, unused and unexpired; throws SiweError. */
  checkNonce(nonce: string, address: `0x${string}`): Promise<void>
  /**
   * For accounts without ERC-1271 (SimpleAccount): when the ERC-1271 / ERC-6492 check fails, accept the signature of the
   * account's `owner()` — read on chain, after a counterfactual deployment by the ERC-6492 wrapper's factory call when
   * the account is not deployed yet (link_smart_wallet of a `simple` smart wallet only).
   */
  ownerFallback?: boolean
}

/** A verified sign-in: the checksummed signer, its chain, the nonce to consume. */
export interface VerifiedSiwe {
  address: `0x${string}`
  chainId: number
  nonce: string
  /** true when the signature was checked on chain (a contract wallet). */
  contractWallet: boolean
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host.toLowerCase()
  } catch {
    return null
  }
}

/**
 * Verifies an EIP-4361 message and its signature: shape and version, domain and URI against the app's
 * allowed origins, the chain id, Issued At (≤ 10 min old, not ahead of the clock), Expiration Time and
 * Not Before (each on its own), the nonce (through `checkNonce`), then the signature: ECDSA recovery
 * for an EOA, else ERC-1271 / ERC-6492 through the chain's RPC when the app configures one.
 * viem is imported here, lazily, so a server without SIWE never loads it.
 */
export async function verifySiwe(input: { message: string; signature: `0x${string}` }, expected: SiweExpectation): Promise<VerifiedSiwe> {
  const [{ parseSiweMessage, validateSiweMessage }, { getAddress, isAddress, verifyMessage, createPublicClient, http }] = await Promise.all([
    import('viem/siwe'),
    import('viem'),
  ])
  let parsed: ReturnType<typeof parseSiweMessage>
  try {
    parsed = parseSiweMessage(input.message)
  } catch {
    throw new SiweError('Malformed sign-in message')
  }
  const { address, domain, uri, nonce, version, chainId, issuedAt } = parsed
  if (!address || !domain || !uri || !nonce || !version || !chainId || !issuedAt) throw new SiweError('Malformed sign-in message')
  if (version !== '1') throw new SiweError('Unsupported message version')
  if (!isAddress(address, { strict: true })) throw new SiweError('Malformed sign-in message')

  // Domain: the host of one of the app's origins. URI: one of those origins, on that same host.
  const allowedHosts = new Set([...expected.allowedOrigins].map(hostOf).filter((h): h is string => !!h))
  if (!allowedHosts.has(domain.toLowerCase())) throw new SiweError('Domain mismatch')
  let uriUrl: URL
  try {
    uriUrl = new URL(uri)
  } catch {
    throw new SiweError('URI mismatch')
  }
  if (!expected.allowedOrigins.has(uriUrl.origin.toLowerCase()) || uriUrl.host.toLowerCase() !== domain.toLowerCase()) {
    throw new SiweError('URI mismatch')
  }
  if (parsed.scheme && `${parsed.scheme.toLowerCase()}:` !== uriUrl.protocol) throw new SiweError('URI mismatch')

  if (expected.chainId !== undefined && evmChainNumber(expected.chainId) !== chainId) throw new SiweError('Chain id does not match the message')
  const chains = expected.chains
  if (chains && !Object.hasOwn(chains, String(chainId))) throw new SiweError('Chain not allowed')

  const now = expected.now.getTime()
  if (Number.isNaN(issuedAt.getTime())) throw new SiweError('Malformed sign-in message')
  if (issuedAt.getTime() > now + MAX_CLOCK_SKEW_SECONDS * 1000) throw new SiweError('Message issued in the future')
  if (issuedAt.getTime() < now - MAX_MESSAGE_AGE_SECONDS * 1000) throw new SiweError('Message too old')
  // Expiry is checked on its own: a message without Not Before still expires.
  if (parsed.expirationTime && (Number.isNaN(parsed.expirationTime.getTime()) || now >= parsed.expirationTime.getTime())) {
    throw new SiweError('Message expired')
  }
  if (parsed.notBefore && (Number.isNaN(parsed.notBefore.getTime()) || now < parsed.notBefore.getTime())) {
    throw new SiweError('Message not yet valid')
  }
  // The remaining EIP-4361 rules (nonce alphabet and length) in viem's own words.
  if (!validateSiweMessage({ message: parsed, domain, time: expected.now })) throw new SiweError('Malformed sign-in message')

  const signer = getAddress(address)
  await expected.checkNonce(nonce, signer)

  let valid = false
  try {
    valid = await verifyMessage({ address: signer, message: input.message, signature: input.signature })
  } catch {
    valid = false
  }
  let contractWallet = false
  const rpcUrl = chains?.[String(chainId)]?.rpc_url
  if (!valid && rpcUrl) {
    const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) })
    // viem reports an unreachable node as "not valid": ask it its chain first, which also catches an
    // rpc_url that points at another chain than the one it is configured for.
    let served: number
    try {
      served = await client.getChainId()
    } catch (error) {
      throw new SiweRpcError(`RPC unreachable: ${(error as Error).name}`)
    }
    if (served !== chainId) throw new SiweRpcError('RPC serves another chain')
    try {
      // ERC-1271 for deployed contract wallets, ERC-6492 for counterfactual ones (viem's deployless validator).
      valid = await client.verifyMessage({ address: signer, message: input.message, signature: input.signature })
      if (!valid && expected.ownerFallback) valid = await signedByOwner(client, signer, input.message, input.signature)
    } catch (error) {
      throw new SiweRpcError(`RPC check failed: ${(error as Error).name}`)
    }
    contractWallet = valid
  }
  if (!valid) throw new SiweError('Invalid signature')
  return { address: signer, chainId, nonce, contractWallet }
}

const ownerAbi = [{ type: 'function', name: 'owner', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }] as const

/**
 * Whether `signature` (an EOA signature, or one wrapped by ERC-6492 with the account's factory call) is by the `owner()`
 * of the contract account at `address`. The owner is read at `address` itself after the wrapper's factory call (viem's
 * deployless counterfactual call): a factory can only put code at an address CREATE2 derives from it, so a foreign
 * factory cannot answer for someone else's account.
 */
async function signedByOwner(client: import('viem').PublicClient, address: `0x${string}`, message: string, signature: `0x${string}`): Promise<boolean> {
  const { decodeFunctionResult, encodeFunctionData, isErc6492Signature, parseErc6492Signature, recoverMessageAddress } = await import('viem')
  let inner = signature
  let deployment: { factory: `0x${string}`; factoryData: `0x${string}` } | null = null
  if (isErc6492Signature(signature)) {
    const parsed = parseErc6492Signature(signature)
    inner = parsed.signature
    if (parsed.address && parsed.data) deployment = { factory: parsed.address, factoryData: parsed.data }
  }
  if (!/^0x[0-9a-fA-F]{130}$/.test(inner)) return false
  let recovered: `0x${string}`
  try {
    recovered = await recoverMessageAddress({ message, signature: inner })
  } catch {
    return false
  }
  let data: `0x${string}` | undefined
  try {
    // A revert (no account at `address` after the factory call, no owner()) is "not signed by the owner"; the node was
    // reachable moments ago (verifySiwe asked its chain id).
    ;({ data } = await client.call({ to: address, data: encodeFunctionData({ abi: ownerAbi, functionName: 'owner' }), ...(deployment ?? {}) }))
  } catch {
    return false
  }
  if (!data || data.length !== 66) return false
  const owner = decodeFunctionResult({ abi: ownerAbi, functionName: 'owner', data })
  return owner.toLowerCase() === recovered.toLowerCase()
}
