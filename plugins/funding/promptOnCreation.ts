import type { FlowContext, Foyer } from '../../core/client/types.js'
import type { LinkedAccount } from '../../core/protocol/index.js'
import { configuredChains } from '../../core/client/wallets/configuredChains.js'
import { fundingConfigOf, fundWallet, type FundingPluginOptions } from './fundWallet.js'

/** The embedded wallets' client type (the embedded-wallet plugin's, Privy's name). */
const EMBEDDED_CLIENT_TYPE = 'privy'

const embeddedEthereum = (a: LinkedAccount) => a.type === 'wallet' && a.walletClientType === EMBEDDED_CLIENT_TYPE && a.chainType !== 'solana' && typeof a.address === 'string'

/** The embedded Ethereum wallet the user gained in this login (the session's user after the wallet hook, not before), if any. */
export function walletCreatedInLogin(before: readonly LinkedAccount[], after: readonly LinkedAccount[] | undefined): string | null {
  const had = new Set(before.filter(embeddedEthereum).map((a) => a.address!.toLowerCase()))
  return after?.find((a) => embeddedEthereum(a) && !had.has(a.address!.toLowerCase()))?.address ?? null
}

/** Runs `run` once no modal is open (after the login flow's modal closes, or at once for a headless login). */
function whenModalCloses(foyer: Foyer, run: () => void) {
  let stop: (() => void) | undefined
  let ran = false
  stop = foyer.$modal.subscribe((m) => {
    if (m.open || ran) return
    ran = true
    queueMicrotask(() => {
      stop?.()
      run()
    })
  })
}

/**
 * `prompt_funding_on_wallet_creation`: when the login created the user's embedded wallet, 'Add funds' opens for it once
 * the login flow is over (a modal of its own, so closing it never touches the login's callbacks). The chain is the
 * app's default_recommended_currency.chain when the host configured it, else the host's default chain.
 */
export function promptFundingHook(options: FundingPluginOptions) {
  return (ctx: FlowContext) => {
    const config = fundingConfigOf(ctx.foyer)
    if (!config?.prompt_funding_on_wallet_creation) return
    const address = walletCreatedInLogin(ctx.user.linkedAccounts, ctx.foyer.$session.peek().user?.linkedAccounts)
    if (!address) return
    const chains = configuredChains(ctx.foyer)
    const preferred = config.default_recommended_currency.chain
    const fallback = ctx.foyer.$config.peek()?.client.defaultChain?.id ?? chains[0]?.id
    const chain = chains.some((c) => `eip155:${c.id}` === preferred) || !fallback ? preferred : `eip155:${fallback}`
    whenModalCloses(ctx.foyer, () => {
      fundWallet(ctx.foyer, options, { address, options: { chain } }).catch((error: unknown) => ctx.foyer.emitter.emit('error', error))
    })
  }
}
