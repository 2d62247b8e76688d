import { linkAccount } from '../../core/client/actions/linkAccount.js'
import { unlinkAccount } from '../../core/client/actions/unlinkAccount.js'
import { updateAccount } from '../../core/client/actions/updateAccount.js'
import type { Foyer } from '../../core/client/types.js'
import type { ConnectWalletModalOptions } from './privyRequestTypes.js'
import type { OAuthProviderType, User } from './privyUser.js'
import { toPrivyUser } from './toPrivyUser.js'

// Privy's link / unlink function suffix → Foyer's account method (the plugin's `accounts` slot key).
const SOCIAL = { Google: 'google', Twitter: 'twitter', Twitch: 'twitch', Discord: 'discord', Github: 'github', Spotify: 'spotify', Instagram: 'instagram', Tiktok: 'tiktok', Line: 'line', LinkedIn: 'linkedin', Apple: 'apple' } as const
type Social = keyof typeof SOCIAL

/** Privy's link functions: each opens the modal's link flow and returns at once (errors reach useLinkAccount's onError). */
export type PrivyLinkFunctions = { [K in `link${Social}` | 'linkEmail' | 'linkPhone' | 'linkFarcaster']: () => void } & {
  linkWallet: (options?: ConnectWalletModalOptions | { nativeEvent: unknown }) => void
  linkPasskey: (options?: { name?: string }) => void
  linkTelegram: (options?: { launchParams: { initDataRaw?: string } }) => void
  linkOAuth: (options: { provider: OAuthProviderType }) => void
}
/** Privy's unlink functions: each answers the updated user. */
export type PrivyUnlinkFunctions = { [K in `unlink${Social}`]: (subject: string) => Promise<User> } & {
  unlinkEmail: (address: string) => Promise<User>
  unlinkPhone: (phoneNumber: string) => Promise<User>
  unlinkWallet: (address: string) => Promise<User>
  unlinkCrossAppAccount: ({ subject }: { subject: string }) => Promise<User>
  unlinkFarcaster: (fid: number) => Promise<User>
  unlinkTelegram: (telegramUserId: string) => Promise<User>
  unlinkPasskey: (credentialId: string) => Promise<User>
  unlinkOAuth: (options: { provider: OAuthProviderType; subject: string }) => Promise<User>
}
/** Privy's update functions (the modal's update flows). */
export type PrivyUpdateFunctions = { updateEmail: () => void; updatePhone: () => void }

/**
 * usePrivy's link, unlink and update functions over Foyer's account actions. A method no loaded plugin has (Twitch,
 * or LINE without the oauth plugin) fails like any flow that can't start: its link reports to onError, its unlink rejects naming the loaded ones.
 */
export function accountFunctions(
  foyer: Foyer,
  onFail: (error: unknown) => void = () => {},
  /** useCrossAppAccounts()' unlink (it needs the provider app's id, which the account names). */
  unlinkCrossApp?: (parameters: { appId: string; subject: string }) => Promise<unknown>,
): PrivyLinkFunctions & PrivyUnlinkFunctions & PrivyUpdateFunctions {
  const link = (method: string) => () => void linkAccount(foyer, { method }).catch(onFail)
  const unlink = (method: string) => async (...args: unknown[]) => toPrivyUser(await unlinkAccount(foyer, { method, args }))
  const update = (method: string) => () => void updateAccount(foyer, { method }).catch(onFail)
  const socials = Object.entries(SOCIAL) as [Social, string][]
  return {
    ...(Object.fromEntries(socials.map(([name, method]) => [`link${name}`, link(method)])) as { [K in `link${Social}`]: () => void }),
    ...(Object.fromEntries(socials.map(([name, method]) => [`unlink${name}`, unlink(method)])) as { [K in `unlink${Social}`]: (subject: string) => Promise<User> }),
    linkEmail: link('email'),
    linkPhone: link('phone'),
    linkWallet: link('wallet'),
    linkFarcaster: link('farcaster'),
    linkPasskey: link('passkey'),
    linkTelegram: link('telegram'),
    linkOAuth: ({ provider }) => link(provider)(),
    unlinkEmail: unlink('email'),
    unlinkPhone: unlink('phone'),
    unlinkWallet: unlink('wallet'),
    unlinkFarcaster: unlink('farcaster'),
    unlinkTelegram: unlink('telegram'),
    unlinkPasskey: unlink('passkey'),
    unlinkOAuth: ({ provider, subject }) => unlink(provider)(subject),
    unlinkCrossAppAccount: async ({ subject }) => {
      const account = foyer.$session.peek().user?.linkedAccounts.find((a) => a.type === 'cross_app' && a.subject === subject)
      const appId = (account?.providerApp as { id?: string } | undefined)?.id
      if (!unlinkCrossApp || !appId) return unlink('cross_app')(subject)
      await unlinkCrossApp({ appId, subject })
      return toPrivyUser(foyer.$session.peek().user!)
    },
    updateEmail: update('email'),
    updatePhone: update('phone'),
  }
}
