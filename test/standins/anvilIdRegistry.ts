import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { freePort } from '../e2e/kit/startStack.js'

/** The ID registry address on OP mainnet; the stand-in sits at the same address. */
export const REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/**
 * Runtime of the registry stand-in: answers storage[arg0] for any call, so `custodyOf(fid)` returns
 * the address stored at slot `fid` (PUSH1 4 CALLDATALOAD SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN).
 */
const RUNTIME = '0x6004355460005260206000f3'

/** A local anvil node holding an ID registry stand-in. */
export interface AnvilRegistry {
  rpcUrl: string
  /** Registers `address` as the custody of `fid`. */
  setCustody(fid: number | bigint, address: `0x${string}`): Promise<void>
  stop(): Promise<void>
}

const pad32 = (hex: string) => `0x${hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`

async function rpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Starts anvil (the @foundry-rs/anvil binary) on a free loopback port and installs the registry stand-in. */
export async function startAnvilRegistry(): Promise<AnvilRegistry> {
  const port = await freePort()
  const pkg = dirname(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'))
  const bin = join(pkg, '..', '..', '.bin', 'anvil')
  const child: ChildProcess = spawn(bin, ['--port', String(port), '--host', '127.0.0.1', '--chain-id', '10', '--silent'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const rpcUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      await rpc(rpcUrl, 'eth_chainId', [])
      break
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`anvil did not start:\n${output}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  await rpc(rpcUrl, 'anvil_setCode', [REGISTRY, RUNTIME])
  return {
    rpcUrl,
    async setCustody(fid, address) {
      await rpc(rpcUrl, 'anvil_setStorageAt', [REGISTRY, pad32(BigInt(fid).toString(16)), pad32(address)])
    },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => setTimeout(r, 100))
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}
