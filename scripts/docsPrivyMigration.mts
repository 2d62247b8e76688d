// `npm run docs:privy-migration`: writes the list of differences between Privy 3.x and Foyer's compat entries into
// docs/migrate-from-privy.md (between its `<!-- differences:start -->` / `<!-- differences:end -->` markers), made from
// the table plugins/privy-compat/privyNames.ts. A unit test (migrationPage.test.ts) fails while the page is behind.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { withDifferences } from '../plugins/privy-compat/codemod/migrationPage.js'
import { privyNames } from '../plugins/privy-compat/privyNames.js'

const page = fileURLToPath(new URL('../docs/migrate-from-privy.md', import.meta.url))
const before = readFileSync(page, 'utf8')
const after = withDifferences(before, privyNames)
if (after === before) console.log('docs/migrate-from-privy.md is up to date')
else {
  writeFileSync(page, after)
  console.log('docs/migrate-from-privy.md: differences rewritten from plugins/privy-compat/privyNames.ts')
}
