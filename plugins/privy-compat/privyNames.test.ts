import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as reactAuth from './index.js'
import * as smartWallets from './smartWallets.js'
import * as solana from './solana.js'
import { PRIVY_ENTRIES, privyNames, privyTypeNames, type PrivyEntry } from './privyNames.js'

const modules: Record<PrivyEntry, Record<string, unknown>> = {
  '@privy-io/react-auth': reactAuth,
  '@privy-io/react-auth/solana': solana,
  '@privy-io/react-auth/smart-wallets': smartWallets,
}
const entries = Object.keys(PRIVY_ENTRIES) as PrivyEntry[]
const valueNames = (entry: PrivyEntry) => Object.keys(privyNames[entry]).filter((name) => !privyTypeNames[entry].includes(name))

/** The names the type fixture imports from `specifier` (its `import type { … } from '…'` blocks). */
function fixtureImports(specifier: string): string[] {
  const text = readFileSync(fileURLToPath(new URL('./fixtures/privyTypeNames.ts', import.meta.url)), 'utf8')
  const block = [...text.matchAll(/import type \{([^}]*)\} from '([^']+)'/g)].find((m) => m[2] === specifier)
  return (block?.[1] ?? '').split(',').map((s) => s.trim().split(' as ')[0]!).filter(Boolean)
}

describe('the Privy name table', () => {
  it('lists all 277 public names of Privy 3.45: 248 of @privy-io/react-auth, 25 of /solana, 4 of /smart-wallets', () => {
    expect(entries.map((e) => Object.keys(privyNames[e]).length)).toEqual([248, 25, 4])
  })

  it("gives every 'differs' and 'missing' name a note", () => {
    for (const entry of entries) {
      for (const [name, status] of Object.entries(privyNames[entry])) {
        if (status.status !== 'same') expect(status.note.length, `${entry} ${name}`).toBeGreaterThan(10)
      }
    }
  })

  it.each(entries)("%s: every value marked 'same' or 'differs' is exported by Foyer's entry, and no 'missing' one is", (entry) => {
    const module = modules[entry]
    for (const name of valueNames(entry)) {
      const { status } = privyNames[entry][name]!
      expect(name in module, `${PRIVY_ENTRIES[entry]} ${name} (${status})`).toBe(status !== 'missing')
    }
  })

  it.each(entries)("%s: the type fixture imports exactly the types marked 'same' or 'differs'", (entry) => {
    const expected = privyTypeNames[entry].filter((name) => privyNames[entry][name]?.status !== 'missing').sort()
    expect(fixtureImports(PRIVY_ENTRIES[entry]).sort()).toEqual(expected)
    // Types leave nothing at run time (a name exported as a value belongs in the value list).
    for (const name of expected) expect(name in modules[entry], name).toBe(false)
  })
})
