import { startAnvil } from './anvil.js'

/** The ID registry address on OP mainnet; the stand-in sits at the same address. */
export const REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/**
 * Runtime of the registry stand-in: answers storage[arg0] for any call, so `custodyOf(fid)` returns
 * the address stored at slot `fid` (PUSH1 4 CALLDATALOAD SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN).
 */
const RUNTIME = '0x6004355460005260206000f3'

/** A local anvil node holding an ID registry stand-in. */
export interface AnvilRegistry {
  rpcUrl: string
  /** Registers `address` as the custody of `fid`. */
  setCustody(fid: number | bigint, address: `0x${string}`): Promise<void>
  stop(): Promise<void>
}

const pad32 = (hex: string) => `0x${hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`

/** Starts anvil (chain id 10, like OP mainnet) on a free loopback port and installs the registry stand-in. */
export async function startAnvilRegistry(): Promise<AnvilRegistry> {
  const anvil = await startAnvil({ chainId: 10 })
  await anvil.rpc('anvil_setCode', [REGISTRY, RUNTIME])
  return {
    rpcUrl: anvil.rpcUrl,
    async setCustody(fid, address) {
      await anvil.rpc('anvil_setStorageAt', [REGISTRY, pad32(BigInt(fid).toString(16)), pad32(address)])
    },
    stop: () => anvil.stop(),
  }
}
