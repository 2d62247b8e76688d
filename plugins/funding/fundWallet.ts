import type { Foyer, FundingMethodSlot, FundingRequest } from '../../core/client/types.js'
import type { SupportedChain } from '../../core/client/wallets/supportedChain.js'
import { configuredChains } from '../../core/client/wallets/configuredChains.js'
import { buildFundingRequest, firstFundingScreen, FUNDING_SCREENS, solanaRpcUrlOf, withTokenDetails, type FundingEnv, type FundWalletOptions, type FundWalletParameters } from './fundingRequest.js'
import { fundingStateOf, recordFunding, type FundingCallbacks, type FundingOutcome, type FundingSession } from './fundingState.js'
import type { FundingConfig } from './schema.js'
import type { FundingPluginOptions, FundWalletResult } from './fundingTypes.js'

export type { FundingPluginOptions, FundWalletResult } from './fundingTypes.js'
export { recordFunding } from './fundingState.js'

/** The app's `funding_config` (null when the server's app has no "funding" section). */
export function fundingConfigOf(foyer: Foyer): FundingConfig | null {
  return (foyer.$config.peek()?.server as { funding_config?: FundingConfig | null } | undefined)?.funding_config ?? null
}

/** The funding method slots of the loaded plugins (ours and third parties'). */
export function fundingSlots(foyer: Foyer): FundingMethodSlot[] {
  return foyer.registry.plugins.flatMap((p) => (p.funding ? [p.funding] : []))
}

/** What request building reads of the kernel; `options` default to the hub's (`funding({ … })`). */
export function fundingEnvOf(foyer: Foyer, options: FundingPluginOptions = fundingStateOf(foyer)?.options ?? {}): FundingEnv {
  return {
    config: fundingConfigOf(foyer),
    chains: configuredChains(foyer),
    ...(options.usdcAddresses ? { usdcAddresses: options.usdcAddresses } : {}),
    ...(options.solanaRpcUrls ? { solanaRpcUrls: options.solanaRpcUrls } : {}),
  }
}

/** The configured chain `chainId` (viem Chain shape). */
export function fundingChain(foyer: Foyer, chainId: number): SupportedChain | undefined {
  return configuredChains(foyer).find((c) => c.id === chainId)
}

const clients = new Map<string, Promise<any>>()
/** A viem public client for the configured chain's RPC URL. */
export function publicClientOf(foyer: Foyer, chainId: number): Promise<import('viem').PublicClient> {
  const url = fundingChain(foyer, chainId)?.rpcUrls.default.http[0]
  if (!url) return Promise.reject(new Error(`No RPC URL for chain ${chainId}: add the chain (viem Chain with rpcUrls) to config.supportedChains`))
  let client = clients.get(url)
  if (!client) {
    client = import('viem').then(({ createPublicClient, http }) => createPublicClient({ transport: http(url, { retryCount: 0 }) }))
    clients.set(url, client)
    client.catch(() => clients.delete(url))
  }
  return client
}

/** An ERC-20's symbol and decimals, read from the chain. */
export async function readTokenDetails(foyer: Foyer, chainId: number, token: `0x${string}`): Promise<{ symbol: string; decimals: number }> {
  const [client, { erc20Abi }] = await Promise.all([publicClientOf(foyer, chainId), import('viem')])
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
    client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
  ])
  return { symbol, decimals }
}

/** The funded balance of `request` (native or the token's, in base units). */
export async function readFundedBalance(foyer: Foyer, request: FundingRequest, options: FundingPluginOptions = {}): Promise<bigint> {
  if (request.chainType === 'solana') {
    const url = request.solanaRpcUrl ?? solanaRpcUrlOf(options, request.cluster ?? 'mainnet-beta')
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [request.address] }) })
    const body = (await res.json()) as { result?: { value: number } }
    if (!body.result) throw new Error('getBalance failed')
    return BigInt(body.result.value)
  }
  if (request.asset !== 'native-currency' && !request.erc20Address) throw new Error('The token has no known address on this chain')
  const client = await publicClientOf(foyer, request.chainId!)
  if (!request.erc20Address) return client.getBalance({ address: request.address as `0x${string}` })
  const { erc20Abi } = await import('viem')
  return client.readContract({ address: request.erc20Address, abi: erc20Abi, functionName: 'balanceOf', args: [request.address as `0x${string}`] })
}

/** Decimals of the funded asset. */
export function assetDecimals(foyer: Foyer, request: FundingRequest): number {
  if (request.chainType === 'solana') return 9
  if (request.erc20Address || request.erc20ContractInfo) return request.erc20ContractInfo?.decimals ?? 18
  return fundingChain(foyer, request.chainId!)?.nativeCurrency.decimals ?? 18
}

/** Symbol of the funded asset. */
export function assetSymbol(foyer: Foyer, request: FundingRequest): string {
  if (request.chainType === 'solana') return 'SOL'
  if (request.erc20Address || request.erc20ContractInfo) return request.erc20ContractInfo?.symbol ?? 'tokens'
  return fundingChain(foyer, request.chainId!)?.nativeCurrency.symbol ?? 'ETH'
}

/** Ends the funding flow (Close on a status or the manual transfer): closes the modal, or goes back to the screen below it. */
export function closeFunding(foyer: Foyer, outcome?: Partial<Omit<FundingOutcome, 'error'>>): void {
  if (outcome) recordFunding(foyer, outcome)
  const session = fundingStateOf(foyer)?.session.peek()
  if (!session || session.base === 0) return foyer.modal.close()
  while (foyer.$modal.peek().open && foyer.$modal.peek().stack.length > session.base) {
    const before = foyer.$modal.peek().stack.length
    foyer.modal.back()
    if (foyer.$modal.peek().stack.length === before) break
  }
  session.finish()
}

/** Validates, builds the request and shows the first funding screen; resolves when the funding screens close. */
export async function fundWallet(
  foyer: Foyer,
  options: FundingPluginOptions,
  first: FundWalletParameters | string,
  legacy?: FundWalletOptions,
  callbacks: FundingCallbacks = {},
): Promise<FundWalletResult> {
  const params: FundWalletParameters = typeof first === 'string' ? { address: first, ...(legacy ? { options: legacy } : {}) } : first
  const env = fundingEnvOf(foyer, options)
  const built = buildFundingRequest(env, params)
  const request = await withTokenDetails(built, (token) => readTokenDetails(foyer, built.chainId!, token))
  const slots = fundingSlots(foyer)
  const screen = firstFundingScreen(slots, env.config!.methods, request, foyer)
  // Opened straight on a method's screen (the only one, or defaultFundingMethod): that is the method chosen.
  const direct = screen === FUNDING_SCREENS.manual ? 'manual' : (slots.find((s) => s.screen === screen)?.method ?? null)
  return openFunding(foyer, screen, request, direct, callbacks)
}

function openFunding(foyer: Foyer, screen: string, request: FundingRequest, method: string | null, callbacks: FundingCallbacks): Promise<FundWalletResult> {
  const state = fundingStateOf(foyer)!
  state.session.peek()?.finish()
  return new Promise<FundWalletResult>((resolve) => {
    const modal = foyer.$modal.peek()
    const base = modal.open ? modal.stack.length : 0
    let stop: (() => void) | undefined
    let done = false
    const session: FundingSession = {
      request,
      base,
      outcome: { status: 'exited', method },
      callbacks,
      finish() {
        if (done) return
        done = true
        stop?.()
        state.end(session)
        resolve({
          address: request.address,
          ...(request.chainId !== undefined ? { chainId: request.chainId } : {}),
          ...(request.cluster ? { cluster: request.cluster } : {}),
          ...session.outcome,
        })
      },
    }
    state.begin(session)
    if (modal.open) foyer.modal.push(screen, request)
    else foyer.modal.open({ intent: 'fund', screen, params: request })
    // Done when the modal closes, or the user went back below the funding screens.
    stop = foyer.$modal.subscribe((m) => {
      if (!m.open || m.stack.length <= base) session.finish()
    })
    if (done) stop()
  })
}
