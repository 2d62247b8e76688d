// Resolves the package's own subpath imports ('foyer', 'foyer/plugins/email', ...) to its sources,
// so the example app, the tests and the benchmarks run the code in this tree without a build.
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Vite/Vitest `resolve.alias` entries for the `foyer` package's subpaths. */
export const foyerAliases = [
  { find: /^foyer\/privy\/codemod$/, replacement: `${root}plugins/privy-compat/codemod/index.ts` },
  { find: /^foyer\/plugins\/([^/]+)\/server$/, replacement: `${root}plugins/$1/server.ts` },
  { find: /^foyer\/plugins\/embedded-wallet\/frame$/, replacement: `${root}plugins/embedded-wallet/frame.ts` },
  { find: /^foyer\/plugins\/wallet-frame\/frame$/, replacement: `${root}plugins/wallet-frame/frame.ts` },
  { find: /^foyer\/plugins\/([^/]+)$/, replacement: `${root}plugins/$1/index.ts` },
  { find: /^foyer\/server$/, replacement: `${root}core/server/index.ts` },
  { find: /^foyer\/core$/, replacement: `${root}core/client/index.ts` },
  { find: /^foyer\/protocol$/, replacement: `${root}core/protocol/index.ts` },
  { find: /^foyer\/ui$/, replacement: `${root}ui/index.ts` },
  { find: /^foyer\/testing$/, replacement: `${root}testing/index.ts` },
  { find: /^foyer\/standalone$/, replacement: `${root}standalone/index.ts` },
  { find: /^foyer\/node$/, replacement: `${root}plugins/management/node.ts` },
  { find: /^foyer\/wagmi$/, replacement: `${root}plugins/wallet-ethereum/wagmi.ts` },
  { find: /^foyer\/privy\/solana$/, replacement: `${root}plugins/privy-compat/solana.ts` },
  { find: /^foyer\/privy\/smart-wallets$/, replacement: `${root}plugins/privy-compat/smartWallets.ts` },
  { find: /^foyer\/privy$/, replacement: `${root}plugins/privy-compat/index.ts` },
  { find: /^foyer$/, replacement: `${root}ui/foyer.ts` },
]

export const repoRoot = root
