import { ID_REGISTRY_ADDRESS } from '../schema.js'
import type { ResolveCustody } from './verifySiwf.js'

/** Where the ID registry is read. */
export interface IdRegistryResolverOptions {
  /** JSON-RPC URL of an OP mainnet node (or a local node holding a registry). */
  rpcUrl: string
  /** Default: the OP mainnet ID registry. */
  registryAddress?: `0x${string}`
}

const ZERO = '0x0000000000000000000000000000000000000000'

/**
 * The production custody resolver: `custodyOf(fid)` on the Farcaster ID registry over JSON-RPC.
 * viem loads on first use, so a server that never verifies a Farcaster login never loads it.
 */
export function createIdRegistryResolver(options: IdRegistryResolverOptions): ResolveCustody {
  let client: Promise<{ read(fid: bigint): Promise<`0x${string}`> }> | null = null
  const connect = async () => {
    const { createPublicClient, http, parseAbi } = await import('viem')
    const publicClient = createPublicClient({ transport: http(options.rpcUrl, { retryCount: 1, timeout: 10_000 }) })
    const abi = parseAbi(['function custodyOf(uint256 fid) view returns (address owner)'])
    const address = options.registryAddress ?? ID_REGISTRY_ADDRESS
    return { read: (fid: bigint) => publicClient.readContract({ address, abi, functionName: 'custodyOf', args: [fid] }) }
  }
  return async (fid) => {
    client ??= connect()
    const owner = await (await client).read(fid)
    return owner.toLowerCase() === ZERO ? null : owner
  }
}
