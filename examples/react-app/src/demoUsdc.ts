import { localStack } from './localStack.js'

/**
 * The test USDC the demo knows, by chain id: ?usdc=31337:0x…,31338:0x… (the e2e's token on anvil), else `npm start`'s
 * on its local chain, else none. The funding plugin pays with it and the provider demo offers to watch it. A function:
 * the e2e imports the demo's modules in Node, where there is no page URL.
 */
export function demoUsdcAddresses(): Record<number, `0x${string}`> | null {
  const raw = new URLSearchParams(location.search).get('usdc')
  if (raw) return Object.fromEntries(raw.split(',').map((item) => [Number(item.split(':')[0]), item.split(':')[1] as `0x${string}`]))
  return localStack?.usdc ?? null
}
