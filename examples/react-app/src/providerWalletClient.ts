import type { ConnectedWallet } from 'foyer'

type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }

/** A viem wallet client over the wallet's EIP-1193 provider (viem loads on the first click). */
export async function providerWalletClient(wallet: ConnectedWallet) {
  const { createWalletClient, custom } = await import('viem')
  const provider = (await wallet.getEthereumProvider()) as Eip1193
  return { provider, client: createWalletClient({ account: wallet.address as `0x${string}`, transport: custom(provider) }) }
}
