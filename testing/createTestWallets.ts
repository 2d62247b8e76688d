import { calculateJwkThumbprint } from 'jose'
import type { FoyerServer } from '../core/server/index.js'

/** A chain the kit makes an embedded wallet on. */
export type TestWalletChain = 'ethereum' | 'solana'

/** `createUser`'s `wallet` option: `true` is an Ethereum wallet; a chain, or both chains in a list. */
export type TestWalletOption = boolean | TestWalletChain | TestWalletChain[]

/** The chains `wallet` asks for, in order (none for false or undefined). */
export const walletChainsOf = (wallet: TestWalletOption | undefined): TestWalletChain[] =>
  wallet === true ? ['ethereum'] : !wallet ? [] : typeof wallet === 'string' ? [wallet] : [...new Set(wallet)]

/** Makes a user's embedded wallets: the user's id and the chains in, the addresses out. */
export type TestWalletMaker = (userId: string, chains: TestWalletChain[]) => Promise<Partial<Record<TestWalletChain, string>>>

/**
 * The wallet maker of `appId` on this server: makes a user's embedded wallets the way a browser's wallet frame does,
 * with the frame's own code (createWalletsOnThrowawayDevice) against this server's own custody routes — a session of
 * the user bound to a throwaway device key, started through the server's session service and ended once the wallets
 * exist; the frame's calls sent with Origin = the wallet origin, in process. It answers the addresses; the keys stay
 * in that code. Throws at once when the server serves no embedded wallets to `appId`.
 */
export function testWalletMaker(server: FoyerServer, apiUrl: string, appId: string): TestWalletMaker {
  const { ctx } = server
  const walletOrigin = ctx.config.walletOrigin
  if (!walletOrigin || !ctx.apps.get(appId)?.plugins['embedded-wallet']) {
    throw new Error("foyer/testing createUser: a wallet needs the embedded-wallet server plugin and an app with an 'embedded-wallet' section: startFoyerTestServer({ wallets: true })")
  }
  const fetch: typeof globalThis.fetch = async (input, init) =>
    server.app.request(String(input), { ...init, headers: { ...(init?.headers as Record<string, string>), origin: walletOrigin } })
  return async (userId, chains) => {
    // The frame's own creation code, loaded at the first wallet only: a server (or a test) that makes none never loads
    // the frame's vault and its key libraries.
    const { createWalletsOnThrowawayDevice } = await import('../plugins/wallet-frame/frame.js')
    return createWalletsOnThrowawayDevice({
      apiUrl,
      appId,
      chains,
      fetch,
      async session(deviceJwk) {
        const session = await ctx.sessions.create({ userId, appId, deviceJkt: await calculateJwkThumbprint(deviceJwk, 'sha256') })
        return {
          accessToken: await ctx.tokens.signAccessToken({ userId, appId, sessionId: session.sessionId }),
          end: () => ctx.sessions.logout(session.refreshToken, appId),
        }
      },
    })
  }
}
