import type { Foyer } from '../../../core/client/types.js'
import type { CrossAppTransactRequest, CrossAppWalletRequest } from '../schema.js'
import { walletActions } from './providerPageKit.js'

/** The transact page's `request` parameter, read defensively; null when it isn't one. */
export function normalizeRequest(raw: string | null): { request: CrossAppWalletRequest; callbackOrigin: string } | null {
  try {
    const parsed = JSON.parse(raw ?? '') as CrossAppTransactRequest
    const request = parsed?.content?.request?.request
    if (!request || !['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'].includes(request.method) || !Array.isArray(request.params)) return null
    return { request, callbackOrigin: new URL(parsed.callbackUrl).origin }
  } catch {
    return null
  }
}

/** Runs a wallet request with this app's embedded wallet, on its own sign / send screens. */
export async function runWalletRequest(foyer: Foyer, request: CrossAppWalletRequest): Promise<unknown> {
  const wallet = walletActions(foyer)
  const [first, second] = request.params as [unknown, unknown]
  switch (request.method) {
    case 'personal_sign': {
      // personal_sign's message is hex-encoded bytes (EIP-1474); a plain string is signed as text.
      const message = typeof first === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(first) ? { raw: first as `0x${string}` } : String(first)
      return wallet.signMessage!({ message }, { address: String(second) })
    }
    case 'eth_signTypedData_v4':
      return wallet.signTypedData!(typeof second === 'string' ? JSON.parse(second) : second, { address: String(first) })
    case 'eth_sendTransaction': {
      const { from, ...transaction } = first as { from?: string }
      return (await wallet.sendTransaction!(transaction, from ? { address: from } : {})).hash
    }
  }
}
