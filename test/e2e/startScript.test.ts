import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, freshDataDir } from './kit/startStack.js'

// `npm start` (scripts/start.mjs) never half-fails: a clash is named before anything starts, and a server that dies
// after the start is started again while the host app stays up.
const root = fileURLToPath(new URL('../..', import.meta.url))
const started: ChildProcess[] = []
const dataDirs: string[] = []
afterAll(() => {
  started.forEach((c) => c.kill('SIGKILL'))
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})
/** A data folder for one start, removed after the file (each run left three in /tmp). */
const dataDir = async () => {
  const dir = await freshDataDir()
  dataDirs.push(dir)
  return dir
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

const answers = (url: string) => fetch(url).then((r) => r.status, () => 0)
const until = async (what: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await what()) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

describe('npm start', () => {
  it('a port in use stops the start at once, naming the port and its setting, with nothing left running', async () => {
    const [port, appPort] = [await freePort(), await freePort()]
    const squatter: Server = await new Promise((resolve) => {
      const s = createServer()
      s.listen(appPort, () => resolve(s))
    })
    try {
      const run = start({ PORT: String(port), APP_PORT: String(appPort), FOYER_DATA_DIR: await dataDir() })
      expect(await run.exited).toBe(1)
      expect(run.output()).toContain(`port ${appPort} (APP_PORT, the host app) is in use`)
      expect(run.output()).not.toContain('Foyer is running')
      // Nothing was started: the API's port is still free.
      expect(await answers(`http://localhost:${port}/healthz`)).toBe(0)
    } finally {
      squatter.close()
    }
  })

  it('the wallet port equal to the app port is refused before anything starts', async () => {
    const port = await freePort()
    const run = start({ PORT: String(port), APP_PORT: String(port + 1), FOYER_DATA_DIR: await dataDir() })
    expect(await run.exited).toBe(1)
    expect(run.output()).toMatch(/FOYER_WALLET_PORT and APP_PORT are both \d+/)
  })

  it('a server that dies once running is started again; the host app stays up all along', async () => {
    const [port, appPort, walletPort] = [await freePort(), await freePort(), await freePort()]
    // The server alone matters here: the local stack and the second app stay out (the tour starts everything).
    const run = start({ PORT: String(port), APP_PORT: String(appPort), FOYER_WALLET_PORT: String(walletPort), FOYER_LOCAL_CHAIN: '0', FOYER_PROVIDER_APP: '0', FOYER_DATA_DIR: await dataDir() })
    expect(await until(async () => run.output().includes('Foyer is running'), 120_000)).toBe(true)
    // The banner came after every part answered.
    expect(await answers(`http://localhost:${port}/readyz`)).toBe(200)
    expect(await answers(`http://localhost:${walletPort}/readyz`)).toBe(200)
    expect(await answers(`http://localhost:${appPort}/`)).toBe(200)

    // The server's pid, from the OS: the process listening on the API port.
    const pid = Number(/pid=(\d+)/.exec(execSync(`ss -ltnpH 'sport = :${port}'`, { encoding: 'utf8' }))?.[1])
    expect(pid).toBeGreaterThan(0)
    process.kill(pid, 'SIGKILL')
    expect(await until(async () => (await answers(`http://localhost:${port}/healthz`)) === 0, 5000)).toBe(true)
    expect(await answers(`http://localhost:${appPort}/`)).toBe(200)
    expect(await until(async () => (await answers(`http://localhost:${port}/readyz`)) === 200, 60_000)).toBe(true)
    expect(run.output()).toContain('starting it again')
    expect(run.child.exitCode).toBeNull()

    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    expect(await answers(`http://localhost:${appPort}/`)).toBe(0)
    expect(await answers(`http://localhost:${port}/healthz`)).toBe(0)
  })
})
