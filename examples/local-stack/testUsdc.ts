import { createRequire } from 'node:module'
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from 'viem'

// A mintable ERC-20 playing USDC on the local chain: OpenZeppelin 4.9's ERC20PresetMinterPauser (the npm build). It has
// 18 decimals, not USDC's 6; the funding screens read decimals() from the token, so the amounts they show stay right.
const preset = createRequire(import.meta.url)('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as { abi: Abi; bytecode: Hex }
/** anvil's first account (unlocked): deploys the token and is its minter. */
const MINTER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const

const clients = (rpcUrl: string) => {
  const transport = http(rpcUrl)
  return { reader: createPublicClient({ transport }), writer: createWalletClient({ account: MINTER, transport }) }
}

/** Deploys 'Test USDC' (symbol USDC) on the chain at `rpcUrl`; answers its address. */
export async function deployTestUsdc(rpcUrl: string): Promise<Address> {
  const { reader, writer } = clients(rpcUrl)
  const hash = await writer.deployContract({ chain: null, abi: preset.abi, bytecode: preset.bytecode, args: ['Test USDC', 'USDC'] })
  const receipt = await reader.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deploying the test USDC reverted')
  return receipt.contractAddress
}

/** Mints `amount` (base units) of the token to `to`, mined. */
export async function mintTestUsdc(rpcUrl: string, token: Address, to: Address, amount: bigint): Promise<void> {
  const { reader, writer } = clients(rpcUrl)
  const hash = await writer.writeContract({ chain: null, address: token, abi: preset.abi, functionName: 'mint', args: [to, amount] })
  await reader.waitForTransactionReceipt({ hash })
}
