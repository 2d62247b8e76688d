import { hexToBytes, isHex, type Hex, type TransactionSerializable, type TypedDataDefinition } from 'viem'
import { ethereumAccountOf } from './keys/ethereumAccount.js'
import type { UnlockedWallet } from './walletVault.js'
import { FrameFailure } from './frameFailure.js'
import { typedDataV1Hash } from './typedDataV1.js'

/** An EIP-1193 request the frame signs. */
export interface EthereumRpcRequest {
  method: string
  params?: unknown
}

const invalid = (message: string) => new FrameFailure('invalid_request_arguments', message)
const quantity = (value: unknown) => (value === undefined || value === null ? undefined : BigInt(value as string | number | bigint))

/** personal_sign's message: hex is raw bytes (as wallets treat it), any other string its UTF-8 text. */
function messageOf(value: unknown): string | { raw: Hex } {
  if (typeof value !== 'string' || value.length === 0) throw invalid('Message must be a non-empty string')
  return isHex(value) ? { raw: value } : value
}

/**
 * Signs `request` with the unlocked wallet: personal_sign, eth_sign, eth_signTypedData_v4, legacy eth_signTypedData (v1:
 * the frame hashes the fields itself, so no caller hands it a bare hash) and eth_signTransaction.
 */
export async function signEthereumRequest(wallet: UnlockedWallet, request: EthereumRpcRequest): Promise<Hex> {
  const account = ethereumAccountOf(wallet.secret, wallet.walletIndex)
  const params = Array.isArray(request.params) ? request.params : []
  switch (request.method) {
    case 'personal_sign':
      return account.signMessage({ message: messageOf(params[0]) })
    case 'eth_sign':
      return account.signMessage({ message: messageOf(params[1]) })
    case 'eth_signTypedData': {
      let hash: Hex
      try {
        hash = typedDataV1Hash(typeof params[0] === 'string' ? JSON.parse(params[0]) : params[0])
      } catch (error) {
        throw invalid(error instanceof SyntaxError ? 'Typed data must be JSON' : (error as Error).message)
      }
      return account.sign({ hash })
    }
    case 'eth_signTypedData_v4': {
      const raw = params[1]
      let typed: TypedDataDefinition
      try {
        typed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as TypedDataDefinition
      } catch {
        throw invalid('Typed data must be JSON')
      }
      if (!typed || typeof typed !== 'object' || !('types' in typed) || !('primaryType' in typed)) throw invalid('Invalid typed data')
      const { EIP712Domain: _domainType, ...types } = (typed as { types: Record<string, unknown> }).types
      return account.signTypedData({ ...(typed as object), types } as TypedDataDefinition)
    }
    case 'eth_signTransaction': {
      const tx = (params[0] ?? {}) as Record<string, unknown>
      const serializable = {
        to: tx.to as Hex | undefined,
        data: tx.data as Hex | undefined,
        value: quantity(tx.value),
        nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
        chainId: tx.chainId === undefined ? undefined : Number(tx.chainId),
        gas: quantity(tx.gasLimit ?? tx.gas),
        ...(tx.maxFeePerGas !== undefined
          ? { maxFeePerGas: quantity(tx.maxFeePerGas), maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas), type: 'eip1559' as const }
          : { gasPrice: quantity(tx.gasPrice) }),
      } as TransactionSerializable
      return account.signTransaction(serializable)
    }
    default:
      throw invalid(`Unsupported method ${String(request.method).slice(0, 64)}`)
  }
}

/** The 0x private key an import brings, as bytes (32). */
export function importedKeyBytes(privateKey: unknown): Uint8Array {
  if (typeof privateKey !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(privateKey)) throw invalid('Invalid private key')
  return hexToBytes((privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`) as Hex)
}
