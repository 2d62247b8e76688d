import { useState } from 'react'

/** `npm start`'s local chain (anvil), `<chain id>:<rpc url>`, or null when none runs. */
const localChain = (() => {
  const raw = import.meta.env.VITE_FOYER_LOCAL_CHAIN
  if (!raw) return null
  const at = raw.indexOf(':')
  return { id: Number(raw.slice(0, at)), rpcUrl: raw.slice(at + 1) }
})()

const rpc = async (url: string, method: string, params: unknown[]) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/**
 * A dev faucet: adds 1 test ETH to `address` on the local chain `npm start` runs (anvil's `anvil_setBalance`; the
 * chain's funds are not real). Shown only when that chain runs.
 */
export function LocalFaucetButton({ address }: { address: string }) {
  const [state, setState] = useState<string | null>(null)
  if (!localChain) return null
  const fund = async () => {
    setState('Funding…')
    try {
      const balance = BigInt((await rpc(localChain.rpcUrl, 'eth_getBalance', [address, 'latest'])) as string)
      const next = balance + 10n ** 18n
      await rpc(localChain.rpcUrl, 'anvil_setBalance', [address, `0x${next.toString(16)}`])
      setState(`Balance on local chain ${localChain.id}: ${Number(next / 10n ** 14n) / 10_000} ETH`)
    } catch (error) {
      setState(`The local chain did not answer: ${(error as Error).message}`)
    }
  }
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => void fund()}>
        Get 1 test ETH
      </button>
      {state ? (
        <span className="card-lead" data-testid="faucet-result">
          {state}
        </span>
      ) : null}
    </>
  )
}
