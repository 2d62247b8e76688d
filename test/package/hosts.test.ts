import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { launchChromium } from '../e2e/kit/browser.js'
import { signInByEmail } from './kit/modalSignIn.js'
import { run } from './kit/run.js'
import { serveStatic } from './kit/serveStatic.js'

// The test hosts (test/package/hosts): Vite and esbuild. The Next.js App Router app is an example now
// (examples/nextjs, test/package/examples.test.ts).

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Serves a host's static build (`distDir`) on the app port and signs a user in on it. */
async function signInOnStaticBuild(distDir: string, address: string) {
  const server = await serveStatic(distDir, inject('appPort'))
  try {
    await signInByEmail(browser, server.url, address)
  } finally {
    await server.close()
  }
}

const config = () => ({ apiUrl: inject('apiUrl'), appId: inject('appId') })

describe('fresh host apps built from the packed package sign in against the real server', () => {
  it('Vite + React 19: builds, and a user signs in by e-mail code', async () => {
    const dir = inject('hosts').vite
    const { apiUrl, appId } = config()
    await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: dir, env: { VITE_FOYER_API_URL: apiUrl, VITE_FOYER_APP_ID: appId } })
    await signInOnStaticBuild(join(dir, 'dist'), 'vite.host@example.com')
  })

  it('esbuild (--bundle --minify --splitting --format=esm): builds, and a user signs in by e-mail code', async () => {
    const dir = inject('hosts').esbuild
    const { apiUrl, appId } = config()
    const define = [`--define:FOYER_API_URL=${JSON.stringify(apiUrl)}`, `--define:FOYER_APP_ID=${JSON.stringify(appId)}`]
    await run(join(dir, 'node_modules/esbuild/bin/esbuild'), ['src/main.tsx', '--bundle', '--minify', '--splitting', '--format=esm', '--outdir=dist', '--log-level=warning', ...define], { cwd: dir })
    copyFileSync(join(dir, 'index.html'), join(dir, 'dist/index.html'))
    await signInOnStaticBuild(join(dir, 'dist'), 'esbuild.host@example.com')
  })
})
