/** `npm start`'s local stack (examples/local-stack), as the page sees it: null when the app runs without one. */
export interface LocalStack {
  chain: { id: number; rpcUrl: string }
  solanaRpcUrl: string
  /** Test USDC's address by chain id. */
  usdc: Record<number, `0x${string}`>
  faucetUrl: string
}

export const localStack: LocalStack | null = (() => {
  const chain = import.meta.env.VITE_FOYER_LOCAL_CHAIN as string | undefined
  const rest = import.meta.env.VITE_FOYER_LOCAL_STACK as string | undefined
  if (!chain || !rest) return null
  const at = chain.indexOf(':')
  return { chain: { id: Number(chain.slice(0, at)), rpcUrl: chain.slice(at + 1) }, ...(JSON.parse(rest) as Omit<LocalStack, 'chain'>) }
})()
