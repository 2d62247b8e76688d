import { spawn, type ChildProcess } from 'node:child_process'
import { connect } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { freePort } from '../e2e/kit/freePort.js'

/** A local anvil node (the @foundry-rs/anvil binary) on a free loopback port. */
export interface Anvil {
  rpcUrl: string
  chainId: number
  /** One JSON-RPC call; throws with the node's message on an error answer. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
  /** Sets an address's balance (wei). */
  setBalance(address: `0x${string}`, wei: bigint): Promise<void>
  /** Resolves when the node exits (by itself or by stop()). */
  exited: Promise<void>
  stop(): Promise<void>
}

/** One JSON-RPC call to `url`. */
export async function jsonRpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** Whether something accepts TCP connections on the loopback `port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Starts anvil with `chainId` (default 31337) and waits until it answers. */
export async function startAnvil(options: { chainId?: number; args?: string[]; port?: number } = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337
  const port = options.port ?? (await freePort())
  const pkg = dirname(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'))
  const bin = join(pkg, '..', '..', '.bin', 'anvil')
  const args = ['--port', String(port), '--host', '127.0.0.1', '--chain-id', String(chainId), '--silent', ...(options.args ?? [])]
  const child: ChildProcess = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  // A node whose stop() never ran dies when this process exits normally (e2e's after hooks also no longer skip its stop
  // when another one throws: useStack.ts): rehearsals left anvil processes running after the suite.
  const killOnExit = () => void child.kill('SIGKILL')
  process.once('exit', killOnExit)
  child.once('exit', () => process.off('exit', killOnExit))
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const rpcUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      // No HTTP request before the port listens: a DOM test's fetch (happy-dom) logs every refused connection.
      if (!(await listening(port))) throw new Error('not listening yet')
      await jsonRpc(rpcUrl, 'eth_chainId')
      break
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`anvil did not start:\n${output}`)
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())))
  return {
    rpcUrl,
    chainId,
    exited,
    rpc: (method, params = []) => jsonRpc(rpcUrl, method, params),
    async setBalance(address, wei) {
      await jsonRpc(rpcUrl, 'anvil_setBalance', [address, `0x${wei.toString(16)}`])
    },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => setTimeout(r, 100))
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}
