import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import { confirmSolanaSignature, sendSolanaRawTransaction, solanaBalance, solanaRpc, solanaWsUrlOf } from '../../core/client/wallets/solanaRpc.js'
import { compileSolanaMessage, unsignedTransaction, WireSolanaTransaction } from './solanaMessage.js'
import type { RelaySolanaInstruction } from './transfer.js'

export { solanaBalance }

/** How long a transfer from a Solana wallet waits for its confirmation. */
const CONFIRM_TIMEOUT_MS = 120_000

/**
 * Has the external Solana wallet send `instructions` (paid by it) on the cluster at `rpcUrl`, then waits for the
 * confirmation: the message is compiled here (a fresh blockhash), the wallet signs and sends it (wallet-standard
 * signAndSendTransaction, or signTransaction and this node). Answers the signature.
 */
export async function sendSolanaInstructions(wallet: ConnectedWallet, rpcUrl: string, instructions: readonly RelaySolanaInstruction[], version: 0 | 'legacy'): Promise<string> {
  if (!wallet.sendTransaction) throw new Error(`${wallet.meta.name} cannot send Solana transactions`)
  const { value } = await solanaRpc<{ value: { blockhash: string } }>(rpcUrl, 'getLatestBlockhash', [{ commitment: 'confirmed' }])
  const message = compileSolanaMessage({ payer: wallet.address, blockhash: value.blockhash, instructions, version })
  const transaction = new WireSolanaTransaction(version, unsignedTransaction(message))
  const connection = { rpcEndpoint: rpcUrl, sendRawTransaction: (bytes: Uint8Array) => sendSolanaRawTransaction(rpcUrl, bytes) }
  const signature = await wallet.sendTransaction(transaction, connection)
  await confirmSolanaSignature(rpcUrl, solanaWsUrlOf(rpcUrl), signature, CONFIRM_TIMEOUT_MS)
  return signature
}
