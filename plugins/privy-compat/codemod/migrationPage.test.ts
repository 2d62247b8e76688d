import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { privyNames } from '../privyNames.js'
import { DIFFERENCES_END, DIFFERENCES_START, renderDifferences, withDifferences } from './migrationPage.js'

const PAGE = fileURLToPath(new URL('../../../docs/migrate-from-privy.md', import.meta.url))

describe('the migration page', () => {
  it('carries the differences generated from privyNames.ts (npm run docs:privy-migration writes them)', () => {
    const page = readFileSync(PAGE, 'utf8')
    expect(page).toBe(withDifferences(page, privyNames))
  })

  it('renders each entry’s same count, then what differs and what is missing, with notes', () => {
    const markdown = renderDifferences({
      '@privy-io/react-auth': {
        usePrivy: { status: 'same' },
        useLogin: { status: 'same' },
        useX402Fetch: { status: 'missing', note: 'no x402 payments yet' },
        useFundWallet: { status: 'differs', note: 'Moonpay and\n Coinbase only' },
      },
      '@privy-io/react-auth/solana': { useWallets: { status: 'same' } },
      '@privy-io/react-auth/smart-wallets': {},
    })
    expect(markdown).toBe(
      [
        '### `@privy-io/react-auth` → `foyer/privy`',
        '',
        "2 of 4 names are the same as Privy's (same name, parameters and return shape).",
        '',
        '**Differs** (1):',
        '',
        '- `useFundWallet`: Moonpay and Coinbase only',
        '',
        '**Missing** (1):',
        '',
        '- `useX402Fetch`: no x402 payments yet',
        '',
        '### `@privy-io/react-auth/solana` → `foyer/privy/solana`',
        '',
        "1 of 1 name is the same as Privy's (same name, parameters and return shape).",
        '',
        '### `@privy-io/react-auth/smart-wallets` → `foyer/privy/smart-wallets`',
        '',
        'No names listed yet.',
      ].join('\n'),
    )
  })

  it('replaces only what stands between the markers', () => {
    const page = `# Title\n\nBefore.\n\n${DIFFERENCES_START}\nold\n${DIFFERENCES_END}\n\nAfter.\n`
    const table = { '@privy-io/react-auth': {}, '@privy-io/react-auth/solana': {}, '@privy-io/react-auth/smart-wallets': {} }
    expect(withDifferences(page, table)).toBe(`# Title\n\nBefore.\n\n${DIFFERENCES_START}\n${renderDifferences(table)}\n${DIFFERENCES_END}\n\nAfter.\n`)
    expect(() => withDifferences('# no markers', table)).toThrow('markers')
  })
})
