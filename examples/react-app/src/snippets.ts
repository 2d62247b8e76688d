import type { User } from 'foyer'
import type { ThemeChoice } from './themeChoice.js'

// useLinkAccount's named functions (Privy's names); other methods go through link('…').
const linkFunctionNames: Record<string, string> = {
  email: 'linkEmail', phone: 'linkPhone', passkey: 'linkPasskey', wallet: 'linkWallet', telegram: 'linkTelegram',
  farcaster: 'linkFarcaster', google: 'linkGoogle', twitter: 'linkTwitter', discord: 'linkDiscord', github: 'linkGithub',
  linkedin: 'linkLinkedIn', spotify: 'linkSpotify', instagram: 'linkInstagram', tiktok: 'linkTiktok', apple: 'linkApple',
}

const camel = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** The code behind each card, written as a host would write it (Privy-shaped hooks, real values where the card shows them). */
export const snippets = {
  login({ guest, disableSignup }: { guest: boolean; disableSignup: boolean }) {
    return [
      `import { useFoyer, useLogin } from 'foyer'`,
      ...(guest ? [`import { useGuestAccounts } from 'foyer/plugins/guest'`] : []),
      ``,
      `function LoginButtons() {`,
      `  const { ready, authenticated } = useFoyer()`,
      `  const { login } = useLogin({`,
      `    onComplete: ({ user, isNewUser, loginMethod }) => console.log(user.id, isNewUser, loginMethod),`,
      `    onError: (code) => console.log(code), // e.g. 'EXITED_AUTH_FLOW'`,
      `  })`,
      ...(guest ? [`  const { createGuestAccount } = useGuestAccounts()`] : []),
      `  if (!ready || authenticated) return null`,
      `  return (`,
      `    <>`,
      `      <button onClick={() => login(${disableSignup ? '{ disableSignup: true }' : ''})}>Log in</button>`,
      ...(guest ? [`      <button onClick={() => createGuestAccount()}>Continue as guest</button>`] : []),
      `    </>`,
      `  )`,
      `}`,
    ].join('\n')
  },

  provider({ pluginIds, appId, apiUrl }: { pluginIds: string[]; appId: string; apiUrl: string }) {
    const factories = pluginIds.map(camel)
    return [
      `import { FoyerProvider } from 'foyer'`,
      ...pluginIds.map((id, i) => `import { ${factories[i]} } from 'foyer/plugins/${id}'`),
      ``,
      `// The server's app config decides which methods are on; the modal offers only those.`,
      `const plugins = [${factories.map((f) => `${f}()`).join(', ')}]`,
      ``,
      `<FoyerProvider appId=${quote(appId)} apiUrl=${quote(apiUrl)} plugins={plugins}>`,
      `  <App />`,
      `</FoyerProvider>`,
    ].join('\n')
  },

  user(user: User) {
    const handle = user.email?.address
    return [
      `import { useFoyer, useUser } from 'foyer'`,
      ``,
      `const { user } = useUser()`,
      `user.id // ${quote(user.id)}`,
      `user.createdAt // ${user.createdAt} (epoch seconds)`,
      handle ? `user.email?.address // ${quote(handle)}` : `user.email // undefined: no e-mail linked`,
      `user.isGuest // ${user.isGuest}`,
      `user.linkedAccounts.length // ${user.linkedAccounts.length}`,
      ``,
      `const { logout } = useFoyer()`,
      `await logout()`,
    ].join('\n')
  },

  accounts({ linkMethods, user }: { linkMethods: string[]; user: User }) {
    const named = linkMethods.filter((m) => linkFunctionNames[m]).map((m) => linkFunctionNames[m]!)
    const other = linkMethods.filter((m) => !linkFunctionNames[m])
    const email = user.email?.address
    return [
      `import { useLinkAccount, useUnlinkAccount, useUpdateEmail } from 'foyer'`,
      ``,
      `const { ${[...named, 'link'].join(', ')} } = useLinkAccount({`,
      `  onSuccess: ({ linkMethod, linkedAccount }) => console.log('Linked', linkMethod, linkedAccount),`,
      `  onError: (code) => console.log(code), // e.g. 'EXITED_LINK_FLOW'`,
      `})`,
      `const { unlink${email ? ', unlinkEmail' : ''} } = useUnlinkAccount()`,
      `const { updateEmail } = useUpdateEmail({ onSuccess: ({ linkedAccount }) => console.log('Updated', linkedAccount) })`,
      ``,
      ...(named[0] ? [`await ${named[0]}() // opens the modal with intent 'link'`] : []),
      ...other.map((m) => `await link(${quote(m)})`),
      ...(email ? [`await unlinkEmail(${quote(email)}) // answers the updated user`, `await updateEmail()`] : []),
    ].join('\n')
  },

  wallets({ linkWallet, chains }: { linkWallet: boolean; chains: number[] }) {
    return [
      `import { useConnectWallet, useWallets } from 'foyer'`,
      ...(linkWallet ? [`import { useLinkWallet } from 'foyer/plugins/siwe'`] : []),
      ``,
      `const { wallets } = useWallets()`,
      `const { connectWallet } = useConnectWallet({ onSuccess: ({ wallet }) => console.log(wallet.address) })`,
      ...(linkWallet ? [`const { linkWallet } = useLinkWallet() // Sign-In With Ethereum, then linked to the user`] : []),
      ``,
      `connectWallet() // connects without signing in`,
      ...(chains[0] !== undefined ? [`await wallets[0].switchChain(${chains[0]})`] : []),
      `await wallets[0].disconnect()`,
    ].join('\n')
  },

  passkeys() {
    return [
      `import { useLinkAccount } from 'foyer'`,
      `import { useLinkPasskey } from 'foyer/plugins/passkey'`,
      ``,
      `// Both open the modal's passkey screen: the user's passkeys, 'Add new passkey' and unlink.`,
      `const { openLinkPasskey } = useLinkPasskey()`,
      `const { linkPasskey } = useLinkAccount() // the same, with useLinkAccount's callbacks`,
    ].join('\n')
  },

  theme({ theme, accentColor }: ThemeChoice) {
    return [
      `<FoyerProvider`,
      `  appId="…"`,
      `  apiUrl="…"`,
      `  config={{ appearance: { theme: ${quote(theme)}, accentColor: ${quote(accentColor)} } }}`,
      `>`,
      `// The modal turns these into its CSS variables: theme picks the --foyer-* palette,`,
      `// accentColor sets --foyer-accent (buttons, links, focus rings).`,
    ].join('\n')
  },
}
