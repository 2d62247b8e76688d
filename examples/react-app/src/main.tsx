import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { terms } from 'foyer/plugins/terms'
import { email } from 'foyer/plugins/email'
import { sms } from 'foyer/plugins/sms'
import { guest } from 'foyer/plugins/guest'
import { customJwt } from 'foyer/plugins/custom-jwt'
import { telegram } from 'foyer/plugins/telegram'
import { farcaster } from 'foyer/plugins/farcaster'
import { passkey } from 'foyer/plugins/passkey'
import { oauth } from 'foyer/plugins/oauth'
import { solana } from 'foyer/plugins/solana'
import { siws } from 'foyer/plugins/siws'
import { siwe } from 'foyer/plugins/siwe'
import { captchaTurnstile } from 'foyer/plugins/captcha-turnstile'
import { embeddedWallet } from 'foyer/plugins/embedded-wallet'
import { recoveryPassword } from 'foyer/plugins/recovery-password'
import { recoveryGoogleDrive } from 'foyer/plugins/recovery-google-drive'
import { recoveryIcloud } from 'foyer/plugins/recovery-icloud'
import { smartWallets } from 'foyer/plugins/smart-wallets'
import { farcasterSigner } from 'foyer/plugins/farcaster-signer'
import { delegatedActions } from 'foyer/plugins/delegated-actions'
import { mfa } from 'foyer/plugins/mfa'
import { mfaTotp } from 'foyer/plugins/mfa-totp'
import { mfaSms } from 'foyer/plugins/mfa-sms'
import { mfaPasskey } from 'foyer/plugins/mfa-passkey'
import { funding } from 'foyer/plugins/funding'
import { fundingMoonpay } from 'foyer/plugins/funding-moonpay'
import { fundingCoinbase } from 'foyer/plugins/funding-coinbase'
import { fundingExternal } from 'foyer/plugins/funding-external'
import { injected } from 'foyer/plugins/injected'
import { coinbaseWallet } from 'foyer/plugins/coinbase-wallet'
import { walletConnect } from 'foyer/plugins/walletconnect'
import { mobileWallets } from 'foyer/plugins/mobile-wallets'
import { crossApp } from 'foyer/plugins/cross-app'
// A third party's funding method (examples/custom-plugin): test funds from the app's faucet key.
import { faucetFunding } from '../../custom-plugin/faucet-funding/index.js'
// A third party's plugin with a frame half (?note_signer=1; its server half is loaded with FOYER_SERVER_PLUGINS).
import { noteSigner } from '../../custom-plugin/note-signer/index.js'
import { localStack } from './localStack.js'
import { demoUsdcAddresses } from './demoUsdc.js'
// wagmi's config and its page-load reconnect (a wagmi host's WagmiProvider does it on mount).
import './wagmiDemo.js'
import { Root } from './Root.js'
import './styles.css'

// The page's query: a few demo switches (documented where each is read).
const query = new URLSearchParams(location.search)
// Solana's RPC: ?solana_rpc=, else the local stack's (npm start), else the cluster's public one.
const solanaRpc = query.get('solana_rpc') ?? localStack?.solanaRpcUrl ?? null

const plugins = [
  // Terms are accepted before anything else happens (the embedded wallet's hook declares it runs after terms).
  terms(),
  email(),
  sms(),
  guest(),
  // Shows once the server's app has a "telegram" section (bot token and name).
  telegram(),
  farcaster(),
  passkey(),
  // Social logins show once the server's app has an "oauth" section; ?oauth_flow=popup tries the popup flow.
  oauth({ flow: query.get('oauth_flow') === 'popup' ? 'popup' : 'redirect' }),
  // The example's stand-in for a host auth provider: a JWT its login put in localStorage ('example:host_jwt').
  // Without one (the default) nothing happens; the e2e test sets it to a token signed by the JWKS stand-in.
  customJwt({ getCustomAccessToken: async () => localStorage.getItem('example:host_jwt') }),
  // Browser-extension Ethereum wallets (EIP-6963 discovery, legacy window.ethereum).
  injected(),
  // Coinbase Wallet / Smart Wallet (the SDK loads only when picked).
  coinbaseWallet(),
  // WalletConnect: listed once the server's app has wallet_connect_cloud_project_id.
  walletConnect(),
  // On a phone's browser: ~50 wallet apps that open this page in their in-app browser.
  mobileWallets(),
  // Solana browser wallets (wallet-standard) and Sign In With Solana through them.
  solana(),
  siws(),
  // Sign-In With Ethereum with a connected Ethereum wallet ('Continue with a wallet').
  siwe(),
  // Cloudflare Turnstile: active once the server's app has a "captcha-turnstile" section (its script loads only then).
  captchaTurnstile(),
  // Embedded wallets, keys in the wallet frame (the server's second port). When to create one at login comes from the
  // server's app config (the dev app: 'users-without-wallets').
  // ?create_on_login=off|users-without-wallets|all-users overrides the server's setting (the import demo wants none).
  // ?show_wallet_uis=false signs without the sign screen; ?no_prompt_on_signature=true skips it for personal_sign only.
  embeddedWallet({
    // ?is_metamask=true: the provider says isMetaMask for dapps that gate on it (the e2e runs MetaMask's test dapp).
    ethereum: { createOnLogin: (query.get('create_on_login') as 'off' | null) ?? undefined, ...(query.get('is_metamask') === 'true' ? { isMetaMask: true } : {}) },
    ...(query.get('show_wallet_uis') === 'false' ? { showWalletUIs: false } : {}),
    ...(query.get('no_prompt_on_signature') === 'true' ? { noPromptOnSignature: true } : {}),
    // ?price_display=native shows transaction fees in the chain's currency instead of dollars.
    ...(query.get('price_display') === 'native' ? { priceDisplay: 'native' as const } : {}),
    // ?solana_rpc=http://127.0.0.1:8899 points the default Solana cluster (mainnet-beta) at another node (the e2e: litesvm).
    // Without it, npm start's local Solana RPC (litesvm) when it runs.
    ...(solanaRpc ? { solana: { clusters: [{ name: 'mainnet-beta' as const, rpcUrl: solanaRpc }] } } : {}),
  }),
  // The wallet's user-owned recovery methods ('Secure your wallet'): which ones show is the server's app config
  // (`user_owned_recovery_options`); each method's screens run in the wallet frame's recovery page.
  recoveryGoogleDrive(),
  recoveryIcloud(),
  recoveryPassword(),
  // Smart wallets: an ERC-4337 account owned by the embedded wallet, built and linked once the server's app has a
  // "smart-wallets" section (bundler, paymaster); useSmartWallets() on the 'Smart wallet' card. A 'safe' type is built by
  // permissionless (an optional peer, loaded only then).
  smartWallets({ permissionless: () => import('permissionless/accounts') }),
  // Delegated actions (Solana): 'Delegate actions' / 'Revoke delegation' on the Solana card; the server signs for the
  // wallet from its back-end API (POST /api/v1/delegated_actions/solana/rpc) until the user revokes.
  delegatedActions(),
  // MFA ('Transaction protection'): the hub's verification and enrollment screens and the step-up around wallet calls,
  // and the authenticator-app, SMS and passkey methods (the server's app enables methods with mfa_methods; the passkey
  // method adds passkeys through the passkey plugin above).
  // Farcaster signers: a Farcaster user with an embedded wallet asks Warpcast for a signer whose key the wallet frame
  // keeps (the server signs the key request with the app's "farcaster-signer" custody key).
  farcasterSigner(),
  mfa(),
  mfaTotp(),
  mfaSms(),
  mfaPasskey(),
  // Funding hub: fundWallet / useFundWallet, 'Add funds to your … wallet', the manual transfer with its QR code and the
  // status screens. The server's "funding" section (funding_config) says which methods show; the method plugins below
  // (and the faucet, a third party's) add their rows.
  // ?solana_rpc= is also where Solana balances are read and Solana transfers sent; ?usdc=31337:0x… adds a USDC address
  // per chain (the e2e's test token on anvil); without it, npm start's test USDC on its local chain.
  funding({
    ...(solanaRpc ? { solanaRpcUrls: { 'mainnet-beta': solanaRpc } } : {}),
    ...(demoUsdcAddresses() ? { usdcAddresses: demoUsdcAddresses()! } : {}),
  }),
  faucetFunding(),
  // Moonpay on-ramp (a funding method): listed on 'Add funds' when the server's funding section enables 'moonpay'; the
  // server signs the widget URL with its Moonpay keys (FOYER_MOONPAY_API_KEY / FOYER_MOONPAY_SECRET_KEY).
  fundingMoonpay(),
  // Coinbase Onramp (a funding method): listed for its chains when the server's funding section enables 'coinbase-onramp';
  // the server asks Coinbase for a session token with its CDP key (FOYER_COINBASE_CDP_KEY_NAME / _PRIVATE_KEY).
  fundingCoinbase(),
  // Transfer from wallet (a funding method): an external wallet sends the funds, or bridges them with a Relay quote from
  // another chain when funding_config.cross_chain_bridging_enabled (?relay=URL points it at a Relay-compatible API).
  fundingExternal(query.get('relay') ? { relayUrl: query.get('relay')! } : {}),
  // Cross-app wallets: 'Log in with {provider}' for the provider apps that list this app (their "cross-app" section), and
  // this page's /oauth/authorize and /oauth/transact when this app is itself a provider (App.tsx).
  // ?cross_app_timeout=ms shortens the wait for the provider's popup (the e2e's timeout check; default 120 000 ms).
  crossApp(query.get('cross_app_timeout') ? { timeoutMs: Number(query.get('cross_app_timeout')) } : {}),
  ...(query.get('note_signer') === '1' ? [noteSigner()] : []),
]

/**
 * ?chains=31337:http://127.0.0.1:8545,31338:http://127.0.0.1:8546 sets supportedChains (the first is the
 * default chain): a demo of chain switching against local nodes (the wallet e2e uses it).
 */
function chainsFromQuery() {
  // …or the page origin's saved 'foyer-demo:chains' (a cross-app provider's popup pages carry no query of their own).
  // …or the local chain `npm start` runs (anvil), when there is one.
  const raw: string | null = query.get('chains') ?? localStorage.getItem('foyer-demo:chains') ?? (import.meta.env.VITE_FOYER_LOCAL_CHAIN || null)
  if (!raw) return {}
  const chains = raw.split(',').map((item) => {
    const at = item.indexOf(':')
    const id = Number(item.slice(0, at))
    const chain = { id, name: `Local ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [item.slice(at + 1)] } } }
    // ?op_stack=1: the chains are OP-stack L2s of mainnet (viem's `sourceId`): fees add the L1 data fee.
    return query.get('op_stack') === '1' ? { ...chain, sourceId: 1 } : chain
  })
  return { supportedChains: chains, defaultChain: chains[0]! }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root
      appId={import.meta.env.VITE_FOYER_APP_ID}
      apiUrl={import.meta.env.VITE_FOYER_API_URL}
      plugins={plugins}
      config={{ appearance: { loginMessage: 'Sign in to the Foyer demo' }, ...chainsFromQuery() }}
    />
  </StrictMode>,
)
