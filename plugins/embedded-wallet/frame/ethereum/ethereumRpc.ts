import { hashMessage, hashTypedData, isHex, keccak256, parseSignature, serializeTransaction, type Hex, type TransactionSerializable, type TypedDataDefinition } from 'viem'
import { FrameFailure } from '../../../wallet-frame/frame.js'
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

/** Signs a 32-byte digest with the wallet's key (the frame kernel's `ethereumSign`): r ‖ s ‖ v. */
export type SignDigest = (digest: Hex) => Promise<Hex>

/**
 * Signs `request` with `sign` (the unlocked wallet's key, held by the frame kernel): personal_sign, eth_sign,
 * eth_signTypedData_v4, legacy eth_signTypedData (v1: the frame hashes the fields itself, so no caller hands it a bare
 * hash) and eth_signTransaction. The digests are viem's, as its local accounts sign them.
 */
export async function signEthereumRequest(sign: SignDigest, request: EthereumRpcRequest): Promise<Hex> {
  const params = Array.isArray(request.params) ? request.params : []
  switch (request.method) {
    case 'personal_sign':
      return sign(hashMessage(messageOf(params[0])))
    case 'eth_sign':
      return sign(hashMessage(messageOf(params[1])))
    case 'eth_signTypedData': {
      let hash: Hex
      try {
        hash = typedDataV1Hash(typeof params[0] === 'string' ? JSON.parse(params[0]) : params[0])
      } catch (error) {
        throw invalid(error instanceof SyntaxError ? 'Typed data must be JSON' : (error as Error).message)
      }
      return sign(hash)
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
      return sign(hashTypedData({ ...(typed as object), types } as TypedDataDefinition))
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
      const signature = parseSignature(await sign(keccak256(serializeTransaction(serializable))))
      return serializeTransaction(serializable, signature)
    }
    default:
      throw invalid(`Unsupported method ${String(request.method).slice(0, 64)}`)
  }
}
