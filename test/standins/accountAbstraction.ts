import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  concat,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  http,
  numberToHex,
  parseEther,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Address, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { freePort } from '../e2e/kit/freePort.js'
import { startAnvil, type Anvil } from './anvil.js'
import { closeServer, readBody } from './httpStandin.js'

// ERC-4337 on a local anvil: EntryPoint v0.7, SimpleAccountFactory and VerifyingPaymaster from the npm build artifacts of
// @account-abstraction/contracts@0.7.0, the @pimlico/alto bundler as a child process, and an ERC-7677 paymaster service
// that signs for the VerifyingPaymaster.

const require = createRequire(import.meta.url)
const artifact = (name: string) => require(`@account-abstraction/contracts/artifacts/${name}.json`) as { abi: Abi; bytecode: Hex }

/** Arachnid's deterministic deployer (anvil has it) and the salt EntryPoint v0.7 was deployed with everywhere. */
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c' as const
const ENTRY_POINT_07_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3' as const
/** anvil's first account (unlocked) deploys; accounts 8 and 9 are alto's executor and utility wallets. */
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const ALTO_EXECUTOR_KEY = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97' as const
const ALTO_UTILITY_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6' as const
/** The paymaster service's signer (not an anvil account: it never holds ETH). */
export const PAYMASTER_SIGNER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const

export interface AccountAbstractionContracts {
  entryPoint: Address
  simpleAccountFactory: Address
  verifyingPaymaster: Address
}

/**
 * Deploys EntryPoint v0.7 at its canonical address (the npm bytecode through the deterministic deployer with the canonical
 * salt gives 0x0000000071727De22E5E9d8BAf0edAc6f37da032), a SimpleAccountFactory and a VerifyingPaymaster whose signer is
 * PAYMASTER_SIGNER_KEY, with `paymasterDeposit` (default 10 ETH) deposited at the EntryPoint.
 */
export async function deployAccountAbstraction(rpcUrl: string, options: { paymasterDeposit?: bigint } = {}): Promise<AccountAbstractionContracts> {
  const transport = http(rpcUrl)
  const reader = createPublicClient({ transport })
  const chainId = await reader.getChainId()
  const chain = { id: chainId, name: `Local ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  const wallet = createWalletClient({ chain, account: DEPLOYER, transport })
  const mined = async (hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`deployment transaction ${hash} reverted`)
    return receipt
  }

  const entryPointArtifact = artifact('EntryPoint')
  if (!(await reader.getCode({ address: entryPoint07Address }))) {
    await mined(await wallet.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([ENTRY_POINT_07_SALT, entryPointArtifact.bytecode]) }))
    if (!(await reader.getCode({ address: entryPoint07Address }))) throw new Error('EntryPoint v0.7 is not at its canonical address')
  }
  const deploy = async (name: string, args: unknown[]) => {
    const { abi, bytecode } = artifact(name)
    return (await mined(await wallet.deployContract({ abi, bytecode, args }))).contractAddress!
  }
  const simpleAccountFactory = await deploy('SimpleAccountFactory', [entryPoint07Address])
  const verifyingPaymaster = await deploy('VerifyingPaymaster', [entryPoint07Address, privateKeyToAccount(PAYMASTER_SIGNER_KEY).address])
  await mined(
    await wallet.writeContract({
      address: entryPoint07Address,
      abi: entryPointArtifact.abi,
      functionName: 'depositTo',
      args: [verifyingPaymaster],
      value: options.paymasterDeposit ?? parseEther('10'),
    }),
  )
  return { entryPoint: entryPoint07Address, simpleAccountFactory, verifyingPaymaster }
}

/** The canonical Safe 1.4.1 + Safe4337Module 0.3.0 (EntryPoint v0.7) addresses permissionless's toSafeSmartAccount uses. */
export const SAFE_4337_ADDRESSES = {
  safeSingleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
} as const satisfies Record<string, Address>

/**
 * Puts the Safe 4337 contracts at their canonical addresses on anvil (EntryPoint v0.7 must be there: deployAccountAbstraction):
 * each is deployed from the npm build artifacts of @safe-global/safe-4337@0.3.0 (and @safe-global/safe-contracts@1.4.1 for
 * MultiSendCallOnly), then its runtime code — immutables included (the module's entry point) — is copied to the canonical
 * address with anvil_setCode. None of them needs storage of its own: the Safes are proxies with their own.
 */
export async function deploySafe4337(rpcUrl: string): Promise<typeof SAFE_4337_ADDRESSES> {
  const transport = http(rpcUrl)
  const reader = createPublicClient({ transport })
  const chainId = await reader.getChainId()
  const chain = { id: chainId, name: `Local ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  const wallet = createWalletClient({ chain, account: DEPLOYER, transport })
  const safe4337 = (path: string) => require(`@safe-global/safe-4337/build/artifacts/${path}.json`) as { abi: Abi; bytecode: Hex }
  const sources: Record<keyof typeof SAFE_4337_ADDRESSES, [{ abi: Abi; bytecode: Hex }, unknown[]]> = {
    safeSingleton: [safe4337('@safe-global/safe-contracts/contracts/SafeL2.sol/SafeL2'), []],
    safeProxyFactory: [safe4337('@safe-global/safe-contracts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory'), []],
    safe4337Module: [safe4337('contracts/Safe4337Module.sol/Safe4337Module'), [entryPoint07Address]],
    safeModuleSetup: [safe4337('contracts/SafeModuleSetup.sol/SafeModuleSetup'), []],
    multiSend: [safe4337('@safe-global/safe-contracts/contracts/libraries/MultiSend.sol/MultiSend'), []],
    multiSendCallOnly: [require('@safe-global/safe-contracts/build/artifacts/contracts/libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json') as { abi: Abi; bytecode: Hex }, []],
  }
  for (const [name, [{ abi, bytecode }, args]] of Object.entries(sources) as [keyof typeof SAFE_4337_ADDRESSES, [{ abi: Abi; bytecode: Hex }, unknown[]]][]) {
    const target = SAFE_4337_ADDRESSES[name]
    if (await reader.getCode({ address: target })) continue
    const receipt = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode, args }) })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${name} reverted`)
    const code = await reader.getCode({ address: receipt.contractAddress })
    await reader.request({ method: 'anvil_setCode' as never, params: [target, code] as never })
  }
  return SAFE_4337_ADDRESSES
}

/** A running alto bundler. */
export interface Alto {
  url: string
  /** What alto printed (for a failing test's message). */
  output(): string
  /** Resolves when alto exits (by itself or by stop()). */
  exited: Promise<void>
  stop(): Promise<void>
}

/** Starts @pimlico/alto on a free port against `rpcUrl` (EntryPoint v0.7, unsafe mode: anvil has no debug_traceCall rules to enforce). */
export async function startAlto(rpcUrl: string, options: { entryPoint?: Address; port?: number } = {}): Promise<Alto> {
  const port = options.port ?? (await freePort())
  // The package exports no package.json: its CLI is esm/cli/alto.js beside esm/index.js.
  const cli = join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
  const args = [
    cli,
    '--entrypoints', options.entryPoint ?? entryPoint07Address,
    '--executor-private-keys', ALTO_EXECUTOR_KEY,
    '--utility-private-key', ALTO_UTILITY_KEY,
    '--rpc-url', rpcUrl,
    '--port', String(port),
    '--safe-mode', 'false',
    '--deploy-simulations-contract', 'true',
    '--enable-cors', 'true',
    '--utility-wallet-monitor', 'false',
    '--refilling-wallets', 'false',
    '--min-bundle-interval', '50',
    '--max-bundle-interval', '200',
    '--block-time', '250',
    '--log-level', process.env.FOYER_ALTO_LOG ?? 'warn',
  ]
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }) })
      const body = (await res.json()) as { result?: string[] }
      if (body.result?.length) break
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`alto did not start:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())))
  return {
    url,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}

/** A running ERC-7677 paymaster service. */
export interface PaymasterStandin {
  url: string
  /** policy_id of every pm_getPaymasterStubData / pm_getPaymasterData call, in order. */
  policies: string[]
  /** The whole ERC-7677 `context` of every call, in order. */
  contexts: unknown[]
  close(): Promise<void>
}

/** Gas the VerifyingPaymaster needs (validation with an ECDSA recover; it has no postOp). */
const PAYMASTER_VERIFICATION_GAS = 100_000n
const PAYMASTER_POST_OP_GAS = 1n
/** A well-formed ECDSA signature (recovers to some address): the stub's, so estimation runs the real code path. */
const STUB_SIGNATURE = '0xfad8b0bd8d17273984e6292ec83d06ee063a58e296ae62250212ad136bcdf8ee6d982650e72e4920ccc1a622830adf6814ce92a6bca955c9df142b225ca4be161c' as const

/**
 * ERC-7677 (pm_getPaymasterStubData, pm_getPaymasterData) for the VerifyingPaymaster: the answer's paymasterData is
 * abi.encode(validUntil, validAfter) ‖ the signer's EIP-191 signature over the paymaster's own getHash(userOp, …). Only
 * the listed policy ids are sponsored (others: JSON-RPC error -32602); a context's `expiryDuration` (seconds) sets
 * validUntil, and its `mode`, when given, must be SPONSORED. Every policy id and context asked with is recorded.
 */
export async function startPaymasterStandin(rpcUrl: string, options: { paymaster: Address; policies: string[]; validForSeconds?: number; port?: number }): Promise<PaymasterStandin> {
  const reader = createPublicClient({ transport: http(rpcUrl) })
  const signer = privateKeyToAccount(PAYMASTER_SIGNER_KEY)
  const paymasterAbi = artifact('VerifyingPaymaster').abi
  const policies: string[] = []
  const contexts: unknown[] = []
  const chainId = await reader.getChainId()

  const answer = async (method: string, params: unknown[]): Promise<unknown> => {
    if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData') throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 })
    const [userOp, entryPoint, chain, context] = params as [Record<string, Hex | undefined>, Address, Hex, { policy_id?: unknown; mode?: unknown; expiryDuration?: unknown } | null | undefined]
    const policy = typeof context?.policy_id === 'string' ? context.policy_id : ''
    policies.push(policy)
    contexts.push(context ?? null)
    if (!options.policies.includes(policy)) throw Object.assign(new Error(`Unknown policy: ${policy || '(none)'}`), { code: -32602 })
    if (context?.mode !== undefined && context.mode !== 'SPONSORED') throw Object.assign(new Error(`Unsupported mode: ${String(context.mode)}`), { code: -32602 })
    if (entryPoint.toLowerCase() !== entryPoint07Address.toLowerCase()) throw Object.assign(new Error('Unsupported entry point'), { code: -32602 })
    if (Number(chain) !== chainId) throw Object.assign(new Error('Unsupported chain'), { code: -32602 })
    const expiry = typeof context?.expiryDuration === 'number' && context.expiryDuration > 0 ? context.expiryDuration : (options.validForSeconds ?? 300)
    const validUntil = Math.floor(Date.now() / 1000) + expiry
    const validAfter = 0
    const timestamps = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])
    const gas = { paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS), paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS) }
    if (method === 'pm_getPaymasterStubData') {
      return { paymaster: options.paymaster, paymasterData: concat([timestamps, STUB_SIGNATURE]), ...gas, isFinal: false, sponsor: { name: 'Foyer test paymaster' } }
    }
    const big = (value: Hex | undefined) => (value === undefined ? 0n : BigInt(value))
    const op: UserOperation<'0.7'> = {
      sender: userOp.sender!,
      nonce: big(userOp.nonce),
      ...(userOp.factory ? { factory: userOp.factory, factoryData: userOp.factoryData ?? '0x' } : {}),
      callData: userOp.callData ?? '0x',
      callGasLimit: big(userOp.callGasLimit),
      verificationGasLimit: big(userOp.verificationGasLimit),
      preVerificationGas: big(userOp.preVerificationGas),
      maxFeePerGas: big(userOp.maxFeePerGas),
      maxPriorityFeePerGas: big(userOp.maxPriorityFeePerGas),
      paymaster: options.paymaster,
      paymasterVerificationGasLimit: userOp.paymasterVerificationGasLimit ? big(userOp.paymasterVerificationGasLimit) : PAYMASTER_VERIFICATION_GAS,
      paymasterPostOpGasLimit: userOp.paymasterPostOpGasLimit ? big(userOp.paymasterPostOpGasLimit) : PAYMASTER_POST_OP_GAS,
      paymasterData: '0x',
      signature: '0x',
    }
    const packed = toPackedUserOperation(op)
    const hash = (await reader.readContract({ address: options.paymaster, abi: paymasterAbi, functionName: 'getHash', args: [packed, validUntil, validAfter] })) as Hex
    const signature = await signer.signMessage({ message: { raw: hash } })
    return {
      paymaster: options.paymaster,
      paymasterData: concat([timestamps, signature]),
      paymasterVerificationGasLimit: toHex(op.paymasterVerificationGasLimit!),
      paymasterPostOpGasLimit: toHex(op.paymasterPostOpGasLimit!),
    }
  }

  const server: Server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    let id: unknown = null
    try {
      const body = JSON.parse(await readBody(req)) as { id?: unknown; method: string; params?: unknown[] }
      id = body.id ?? null
      const result = await answer(body.method, body.params ?? [])
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }))
    } catch (error) {
      const code = (error as { code?: number }).code ?? -32603
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message: (error as Error).message } }))
    }
  })
  const port = options.port ?? (await freePort())
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, policies, contexts, close: () => closeServer(server) }
}

/**
 * A dev app's "smart-wallets" section (SimpleAccount) on `chainId`: the bundler, the paymaster service with `policy`, the
 * factory and the node.
 */
export function smartWalletsSection(chain: { chainId?: number; rpcUrl: string; alto: Pick<Alto, 'url'>; paymaster: Pick<PaymasterStandin, 'url'>; contracts: Pick<AccountAbstractionContracts, 'simpleAccountFactory'> }, policy: string) {
  return {
    enabled: true,
    smart_wallet_type: 'simple',
    configured_networks: [
      {
        chain_id: chain.chainId ?? 31337,
        bundler_url: chain.alto.url,
        paymaster_url: chain.paymaster.url,
        paymaster_context: { policy_id: policy },
        account_factory: chain.contracts.simpleAccountFactory,
        rpc_url: chain.rpcUrl,
      },
    ],
  }
}

/** anvil with ERC-4337 (EntryPoint v0.7, a SimpleAccountFactory, a VerifyingPaymaster), alto and the paymaster service. */
export interface AccountAbstractionChain {
  anvil: Anvil
  contracts: AccountAbstractionContracts
  alto: Alto
  paymaster: PaymasterStandin
  /** The dev app's "smart-wallets" section for this chain, sponsored under the chain's policy. */
  section(): ReturnType<typeof smartWalletsSection>
  stop(): Promise<void>
}

/** Starts an AccountAbstractionChain on `chainId` (default 31337) whose paymaster sponsors `policy`. */
export async function startAccountAbstractionChain(policy: string, options: { chainId?: number } = {}): Promise<AccountAbstractionChain> {
  const anvil = await startAnvil({ chainId: options.chainId ?? 31337 })
  try {
    const contracts = await deployAccountAbstraction(anvil.rpcUrl)
    const [alto, paymaster] = await Promise.all([startAlto(anvil.rpcUrl), startPaymasterStandin(anvil.rpcUrl, { paymaster: contracts.verifyingPaymaster, policies: [policy] })])
    return {
      anvil,
      contracts,
      alto,
      paymaster,
      section: () => smartWalletsSection({ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl, alto, paymaster, contracts }, policy),
      async stop() {
        await paymaster.close()
        await alto.stop()
        await anvil.stop()
      },
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}
