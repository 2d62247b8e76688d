// A Privy 3 app ported the way docs/migrate-from-privy.md tells a user to, from the packed package: the codemod
// (`npx foyer migrate-from-privy`) on a copy of the fixture app (plugins/privy-compat/codemod/fixtures/privy-vite-app:
// Vite, @privy-io/react-auth, @privy-io/wagmi with wagmi 2), then plain `npm install` (those in the globalSetup), `tsc --noEmit`, `vite build`,
// and a sign-in by e-mail in Chromium against the suite's server. The app's code stays as the codemod left it: its
// appId comes from VITE_PRIVY_APP_ID as before, and the API is on the page's own origin (a reverse proxy in front of
// the static build, as the migration page's "Leave apiUrl out" case), so FoyerProvider needs no apiUrl.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium, openEmailInput } from '../e2e/kit/browser.js'
import { enterOutboxCode } from '../e2e/kit/signIn.js'
import { run } from './kit/run.js'
import { serveStatic } from './kit/serveStatic.js'

// The copy, the codemod and the npm install ran in the project's globalSetup, beside the host installs
// (kit/portPrivyApp.ts): this file checks what they left and takes it on.
const port = () => inject('privyPort')
let browser: Browser | undefined
const timings: [string, number][] = []
const started = Date.now()

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const since = Date.now()
  try {
    return await work()
  } finally {
    timings.push([name, (Date.now() - since) / 1000])
  }
}

/** The app's source files, path → text. */
function sources(): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else files[relative(port().app, path)] = readFileSync(path, 'utf8')
    }
  }
  walk(join(port().app, 'src'))
  return files
}

const versionOf = (dir: string, name: string) => (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version

beforeAll(async () => {
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  const setup = Object.entries(port().timings).map(([name, s]) => `${name} ${s.toFixed(1)} s`)
  const steps = [...setup, ...timings.map(([name, s]) => `${name} ${s.toFixed(1)} s`)].join(', ')
  console.log(`[package] Privy app port: ${steps}; this file ${((Date.now() - started) / 1000).toFixed(1)} s`)
})

describe('a Privy 3 app (Vite + wagmi 2) ported with npx foyer migrate-from-privy', () => {
  it('the codemod from the packed package rewrote it: no Privy import or dependency left, no TODO', async () => {
    const { codemodOutput, portedManifest, tools } = port()
    expect(codemodOutput).toMatch(/Migrated .+ to Foyer: \d+ files changed/)
    expect(codemodOutput).not.toContain('TODO(foyer)')
    const files = sources()
    // Comments may still name Privy's packages; no module specifier does.
    for (const [path, text] of Object.entries(files)) expect(text, path).not.toMatch(/\b(from|import|require)\s*\(?\s*['"]@privy-io\//)
    expect(files['src/providers.tsx']).toContain("import { FoyerProvider, type PrivyClientConfig } from 'foyer/privy'")
    expect(files['src/wagmiConfig.ts']).toContain("import { foyer } from 'foyer/wagmi'")
    expect(files['src/wagmiConfig.ts']).toContain('connectors: [foyer()]')
    const { dependencies } = portedManifest
    expect(Object.keys(dependencies).filter((name) => name.startsWith('@privy-io/'))).toEqual([])
    expect(dependencies.foyer).toBe(`^${versionOf(tools, 'foyer')}`)
    expect(dependencies.wagmi).toMatch(/^\^2\./)
  })

  it('installed with plain npm install beside wagmi 2 (foyer from the tarball), one copy of each wallet SDK', async () => {
    const { app, tools } = port()
    expect(versionOf(app, 'wagmi')).toMatch(/^2\./)
    expect(versionOf(app, 'foyer')).toBe(versionOf(tools, 'foyer'))
    // Foyer's optional peers accept the versions wagmi 2's connectors pin, so npm keeps one copy of each SDK.
    for (const sdk of ['@walletconnect/ethereum-provider', '@coinbase/wallet-sdk']) expect(existsSync(join(app, 'node_modules/@wagmi/connectors/node_modules', sdk)), sdk).toBe(false)
  })

  it('type-checks (tsc --noEmit) and builds (vite build)', async () => {
    const { app } = port()
    const env = { VITE_PRIVY_APP_ID: inject('appId') }
    await Promise.all([timed('tsc --noEmit', () => run('npx', ['tsc', '--noEmit', '-p', '.'], { cwd: app })), timed('vite build', () => run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: app, env }))])
    expect(existsSync(join(app, 'dist/index.html'))).toBe(true)
  })

  it('signs in by e-mail in Chromium: the user, Privy’s onComplete, the embedded wallets, wagmi connected by the login and reconnected after a reload', async () => {
    const apiUrl = inject('apiUrl')
    const server = await serveStatic(join(port().app, 'dist'), inject('appPort'), { proxy: { prefix: '/api/', to: apiUrl } })
    const context = await browser!.newContext()
    context.setDefaultTimeout(60_000)
    const page = await context.newPage()
    const pageErrors: string[] = []
    const consoleErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(String(e)))
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text())
    })
    const address = 'privy.port@example.com'
    try {
      await timed('browser sign-in', async () => {
        await page.goto(server.url)
        // The fixture's own 'Log in' button (useLogin().login) opens Foyer's modal.
        const { input } = await openEmailInput(page)
        await input.fill(address)
        await input.press('Enter')
        await enterOutboxCode(page, apiUrl, address, { timeoutMs: 60_000 })
        await page.getByTestId('user-email').filter({ hasText: address }).waitFor()
        // useLogin's onComplete ran with isNewUser.
        await page.getByTestId('welcome').filter({ hasText: 'Welcome!' }).waitFor()
        // createOnLogin 'users-without-wallets' made an Ethereum and a Solana wallet (useWallets of both entries).
        await page.getByTestId('wallet-address').filter({ hasText: /^0x[0-9a-fA-F]{40}$/ }).waitFor()
        await page.getByTestId('solana-address').filter({ hasText: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ }).waitFor()
      })
      const wallet = (await page.getByTestId('wallet-address').textContent()) ?? ''
      // As with Privy's wagmi integration, the login connected wagmi: useAccount() is the embedded wallet, no reload needed.
      await page.getByTestId('wagmi-address').filter({ hasText: wallet }).waitFor()
      await timed('browser reload', async () => {
        await page.reload()
        await page.getByTestId('user-email').filter({ hasText: address }).waitFor()
        // wagmi 2 reconnects through the foyer() connector the codemod added: useAccount() is the embedded wallet.
        await page.getByTestId('wagmi-address').filter({ hasText: wallet }).waitFor()
      })
      expect(pageErrors).toEqual([])
      expect(consoleErrors).toEqual([])
    } finally {
      await context.close()
      await server.close()
    }
  })
})
