import { useState } from 'react'
import { localStack } from './localStack.js'

interface FaucetAnswer {
  ethereum: { address: string; eth: string }[]
  solana: { address: string; lamports: string }[]
  error?: string
}

/** A whole-unit amount from base units, to 4 decimals ('1.5'). */
const units = (base: string, decimals: number) => String(Number(BigInt(base) / 10n ** BigInt(decimals - 4)) / 10_000)

/**
 * The dev faucet of `npm start`'s local stack: 'Get test funds' adds 1 ETH and 100 test USDC to an Ethereum address on
 * the local chain, 'Get 1 test SOL' adds 1 SOL on the local Solana RPC (test funds on local chains, worth nothing).
 * Shown only when the local stack runs.
 */
export function LocalFaucetButton({ chain, address }: { chain: 'ethereum' | 'solana'; address: string }) {
  const [state, setState] = useState<string | null>(null)
  if (!localStack) return null
  const fund = async () => {
    setState('Funding…')
    try {
      const res = await fetch(localStack!.faucetUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ [chain]: [address] }) })
      const answer = (await res.json()) as FaucetAnswer
      if (!res.ok) throw new Error(answer.error ?? `HTTP ${res.status}`)
      setState(
        chain === 'ethereum'
          ? `Balance on local chain ${localStack!.chain.id}: ${units(answer.ethereum[0]!.eth, 18)} ETH (and 100 more test USDC)`
          : `Balance on the local Solana RPC: ${units(answer.solana[0]!.lamports, 9)} SOL`,
      )
    } catch (error) {
      setState(`The local faucet did not answer: ${(error as Error).message}`)
    }
  }
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => void fund()}>
        {chain === 'ethereum' ? 'Get test funds' : 'Get 1 test SOL'}
      </button>
      {state ? (
        <span className="card-lead" data-testid={`faucet-result-${chain}`} role="status">
          {state}
        </span>
      ) : null}
    </>
  )
}
