// The `package` project's one-time work: pack the package (its prepack builds dist/), then, side by
// side, install the host apps from the tarball and start the Foyer server. Tests get the
// folders and URLs through `inject`.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from '../e2e/kit/freePort.js'
import { startAccountAbstractionChain } from '../standins/accountAbstraction.js'
import { installHost, type HostName } from './kit/installHost.js'
import { packFoyer } from './kit/packFoyer.js'
import { portPrivyApp, type PrivyPort } from './kit/portPrivyApp.js'
import { scaffoldTutorial, type ScaffoldedTutorial } from './kit/scaffoldTutorial.js'
import { startFoyerServer } from './kit/startFoyerServer.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed foyer-*.tgz. */
    tarball: string
    /** Installed host apps and examples, by name (test/package/kit/installHost.ts). */
    hosts: Record<HostName, string>
    apiUrl: string
    appId: string
    /** The Next.js example's app: the dev app's methods it needs (e-mail) with HttpOnly-cookie sessions. */
    cookieAppId: string
    /** The one port every host app is served on in turn (the dev app allows its origin). */
    appPort: number
    /** The codemod's fixture Privy app, ported and installed (test/package/privyPort.test.ts). */
    privyPort: PrivyPort
    /** anvil (31337) with ERC-4337, alto and a paymaster: the dev app's smart wallets are there. */
    chainRpcUrl: string
    /** Getting started's app, made by the page's shell block (test/package/gettingStarted.test.ts goes on from it). */
    tutorial: ScaffoldedTutorial
  }
}

/** The policy of the dev app's sponsored smart wallets. */
const POLICY = 'sp_package'

/** anvil with ERC-4337, alto and the paymaster service: the dev app's smart wallets are there. */
async function startChain(cleanups: (() => Promise<void>)[]) {
  const chain = await startAccountAbstractionChain(POLICY)
  cleanups.push(() => chain.stop())
  return { rpcUrl: chain.anvil.rpcUrl, smartWallets: chain.section() }
}

/** The Next.js example's app (25 characters, as app ids are). */
const COOKIE_APP_ID = 'foyer_nextjs_example_0001'

/**
 * An app beside the dev app for the Next.js example: session cookies (`foyer-token`, HttpOnly, host-only on localhost,
 * which the browser sends to every port of localhost: the example's server reads it as a same-site app's would).
 */
const cookieApp = (appPort: number) => ({
  id: COOKIE_APP_ID,
  name: 'Next.js example',
  allowed_origins: [`http://localhost:${appPort}`],
  email_auth: true,
  session_cookies: { secure: false },
})

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)

export default async function setup(project: TestProject) {
  const started = Date.now()
  const root = mkdtempSync(join(tmpdir(), 'foyer-package-'))
  const [apiPort, appPort] = [await freePort(), await freePort()]
  // FOYER_KEEP_HOSTS=1 keeps the host apps for a look after a failure.
  const keep = process.env.FOYER_KEEP_HOSTS === '1'
  // The host apps hold ~600 MB in many small files, which take a minute to delete on a busy disk: a
  // detached `rm` removes them while the next suite runs.
  const remove = async () => spawn('rm', ['-rf', root], { detached: true, stdio: 'ignore' }).unref()
  const cleanups: (() => Promise<void>)[] = [async () => (keep ? console.log(`[package] kept ${root}`) : remove())]
  const teardown = async () => {
    const stopping = Date.now()
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
    console.log(`[package] whole project: ${seconds(started)} s (of which stopping the server: ${seconds(stopping)} s)`)
  }
  try {
    const { tarball, seconds: packSeconds } = await packFoyer(root)
    console.log(`[package] npm pack (prepack build): ${packSeconds.toFixed(1)} s`)
    const installing = Date.now()
    // The chain first (its bundler's and paymaster's URLs go into the dev app's smart-wallets section), then the server.
    const chainStart = startChain(cleanups)
    const serverStart = chainStart.then((chain) => startFoyerServer(apiPort, appPort, { FOYER_DEV_APP: JSON.stringify({ 'smart-wallets': chain.smartWallets }), FOYER_DEV_APPS: JSON.stringify([cookieApp(appPort)]) })).then((s) => (cleanups.push(s.stop), s))
    // wagmi 2 (React 18) and wagmi 3 (React 19), each with viem and @solana/web3.js beside, and the examples (examples/:
    // Next.js, Vite + wagmi, a Hono back end): plain npm installs.
    const names: HostName[] = ['vite', 'esbuild', 'wagmi2', 'wagmi3', 'nextjs', 'vite-wagmi', 'hono-backend']
    const installs = Promise.allSettled(names.map((name) => installHost(name, root, tarball))).then((results) =>
      results.map((r) => {
        if (r.status === 'rejected') throw r.reason
        return r.value
      }),
    )
    // A Privy app ported by the codemod and installed, beside them.
    const ported = portPrivyApp(root, tarball)
    // And Getting started's first block (create the app, install foyer), as a newcomer runs it.
    const tutorialStart = scaffoldTutorial(root, tarball)
    // Everything settles before going on: nothing may still be starting or installing after a teardown.
    await Promise.allSettled([chainStart, serverStart, installs, ported, tutorialStart])
    const [chain, server, dirs, privyPort, tutorial] = await Promise.all([chainStart, serverStart, installs, ported, tutorialStart])
    console.log(`[package] ${names.length} host and example installs, the Privy app's port and install, Getting started's app (${tutorial.seconds.toFixed(1)} s), and the chain (anvil, alto) and server start, side by side: ${seconds(installing)} s`)
    project.provide('tarball', tarball)
    project.provide('hosts', Object.fromEntries(names.map((name, i) => [name, dirs[i]!])) as Record<HostName, string>)
    project.provide('apiUrl', server.apiUrl)
    project.provide('appId', server.appId)
    project.provide('cookieAppId', COOKIE_APP_ID)
    project.provide('appPort', appPort)
    project.provide('privyPort', privyPort)
    project.provide('chainRpcUrl', chain.rpcUrl)
    project.provide('tutorial', tutorial)
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
