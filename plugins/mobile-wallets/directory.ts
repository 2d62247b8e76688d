/** One known mobile wallet app. */
export interface MobileWallet {
  /** Stable slug; the spec's wallet id where one applies (metamask, rainbow, ...). */
  id: string
  name: string
  /** The wallet's link host (where its universal links live). */
  host: string
  /** The WalletConnect explorer's mobile.universal link (opens the app). */
  universalLink?: string
  /** The custom scheme (mobile.native), e.g. 'metamask://'. */
  nativeLink?: string
  /**
   * The wallet's documented "open this page in the in-app browser" link, with placeholders:
   * {url} the page URL encoded, {hostpath} host + path + query unencoded, {ref} the origin encoded,
   * {json} encodeURIComponent(JSON.stringify({ url })).
   */
  browse?: string
  appStoreUrl?: string
  playStoreUrl?: string
  chains: ReadonlyArray<'ethereum' | 'solana'>
}

const apple = (slug: string, id: number) => `https://apps.apple.com/app/${slug}/id${id}`
const play = (pkg: string) => `https://play.google.com/store/apps/details?id=${pkg}`
const EVM = ['ethereum'] as const
const SOL = ['solana'] as const
const BOTH = ['ethereum', 'solana'] as const

/**
 * About 50 mobile wallets (spec §3), from the WalletConnect explorer's mobile links and the wallets'
 * deep-link docs. Only wallets with a documented in-app browser link get `browse`; the others open
 * the app with their universal (else native) link.
 */
export const MOBILE_WALLETS: readonly MobileWallet[] = [
  { id: 'metamask', name: 'MetaMask', host: 'metamask.app.link', universalLink: 'https://metamask.app.link', nativeLink: 'metamask://', browse: 'https://metamask.app.link/dapp/{hostpath}', appStoreUrl: apple('metamask', 1438144202), playStoreUrl: play('io.metamask'), chains: EVM },
  { id: 'coinbase_wallet', name: 'Coinbase Wallet', host: 'go.cb-w.com', universalLink: 'https://go.cb-w.com', nativeLink: 'cbwallet://', browse: 'https://go.cb-w.com/dapp?cb_url={url}', appStoreUrl: apple('coinbase-wallet', 1278383455), playStoreUrl: play('org.toshi'), chains: BOTH },
  { id: 'trust', name: 'Trust Wallet', host: 'link.trustwallet.com', universalLink: 'https://link.trustwallet.com', nativeLink: 'trust://', browse: 'https://link.trustwallet.com/open_url?coin_id=60&url={url}', appStoreUrl: apple('trust-crypto-bitcoin-wallet', 1288339409), playStoreUrl: play('com.wallet.crypto.trustapp'), chains: BOTH },
  { id: 'rainbow', name: 'Rainbow', host: 'rnbwapp.com', universalLink: 'https://rnbwapp.com', nativeLink: 'rainbow://', appStoreUrl: apple('rainbow-ethereum-wallet', 1457119021), playStoreUrl: play('me.rainbow'), chains: EVM },
  { id: 'phantom', name: 'Phantom', host: 'phantom.app', universalLink: 'https://phantom.app/ul', nativeLink: 'phantom://', browse: 'https://phantom.app/ul/browse/{url}?ref={ref}', appStoreUrl: apple('phantom-crypto-wallet', 1598432977), playStoreUrl: play('app.phantom'), chains: BOTH },
  { id: 'zerion', name: 'Zerion', host: 'zerion.io', universalLink: 'https://wallet.zerion.io', nativeLink: 'zerion://', appStoreUrl: apple('zerion-crypto-wallet-defi', 1456732565), playStoreUrl: play('io.zerion.android'), chains: EVM },
  { id: 'uniswap', name: 'Uniswap Wallet', host: 'uniswap.org', universalLink: 'https://uniswap.org/app', nativeLink: 'uniswap://', appStoreUrl: apple('uniswap-crypto-nft-wallet', 6443944476), playStoreUrl: play('com.uniswap.mobile'), chains: EVM },
  { id: 'okx_wallet', name: 'OKX Wallet', host: 'www.okx.com', universalLink: 'https://www.okx.com/download', nativeLink: 'okx://', browse: 'okx://wallet/dapp/url?dappUrl={url}', playStoreUrl: play('com.okinc.okex.gp'), chains: BOTH },
  { id: 'cryptocom', name: 'Crypto.com Onchain', host: 'wallet.crypto.com', universalLink: 'https://wallet.crypto.com', nativeLink: 'cryptowallet://', playStoreUrl: play('com.defi.wallet'), chains: EVM },
  { id: 'bybit_wallet', name: 'Bybit Wallet', host: 'www.bybit.com', nativeLink: 'bybitapp://', playStoreUrl: play('com.bybit.app'), chains: EVM },
  { id: 'safe', name: 'Safe{Wallet}', host: 'app.safe.global', universalLink: 'https://app.safe.global', appStoreUrl: apple('safe-wallet', 1515759131), playStoreUrl: play('io.gnosis.safe'), chains: EVM },
  { id: 'rabby_wallet', name: 'Rabby Wallet', host: 'rabby.io', nativeLink: 'rabby://', playStoreUrl: play('com.debank.rabbymobile'), chains: EVM },
  { id: 'brave_wallet', name: 'Brave Wallet', host: 'brave.com', nativeLink: 'brave://', browse: 'brave://open-url?url={url}', appStoreUrl: apple('brave-private-web-browser', 1052879175), playStoreUrl: play('com.brave.browser'), chains: BOTH },
  { id: 'argent', name: 'Argent', host: 'argent.link', universalLink: 'https://argent.link/app', nativeLink: 'argent://app/', appStoreUrl: apple('argent', 1358741926), playStoreUrl: play('im.argent.contractwalletclient'), chains: EVM },
  { id: 'imtoken', name: 'imToken', host: 'token.im', nativeLink: 'imtokenv2://', browse: 'imtokenv2://navigate/DappView?url={url}', appStoreUrl: apple('imtoken2', 1384798940), playStoreUrl: play('im.token.app'), chains: EVM },
  { id: 'tokenpocket', name: 'TokenPocket', host: 'tokenpocket.pro', nativeLink: 'tpoutside://', browse: 'tpdapp://open?params={json}', playStoreUrl: play('vip.mytokenpocket'), chains: BOTH },
  { id: 'bitget', name: 'Bitget Wallet', host: 'bkcode.vip', universalLink: 'https://bkcode.vip', nativeLink: 'bitkeep://', browse: 'https://bkcode.vip?action=dapp&url={url}', playStoreUrl: play('com.bitkeep.wallet'), chains: BOTH },
  { id: 'safepal', name: 'SafePal', host: 'link.safepal.io', universalLink: 'https://link.safepal.io', nativeLink: 'safepalwallet://', playStoreUrl: play('io.safepal.wallet'), chains: BOTH },
  { id: 'ledger_live', name: 'Ledger Live', host: 'ledger.com', nativeLink: 'ledgerlive://', appStoreUrl: apple('ledger-live', 1361671700), playStoreUrl: play('com.ledger.live'), chains: EVM },
  { id: 'exodus', name: 'Exodus', host: 'exodus.com', universalLink: 'https://exodus.com/m', nativeLink: 'exodus://', appStoreUrl: apple('exodus-crypto-bitcoin-wallet', 1414384820), playStoreUrl: play('exodusmovement.exodus'), chains: BOTH },
  { id: 'oneinch', name: '1inch Wallet', host: 'wallet.1inch.io', universalLink: 'https://wallet.1inch.io', nativeLink: 'oneinch://', playStoreUrl: play('io.oneinch.android'), chains: EVM },
  { id: 'zengo', name: 'Zengo', host: 'get.zengo.com', universalLink: 'https://get.zengo.com', nativeLink: 'zengo://get.zengo.com', playStoreUrl: play('com.zengo.wallet'), chains: EVM },
  { id: 'mew', name: 'MEW wallet', host: 'mewwallet.com', universalLink: 'https://mewwallet.com', nativeLink: 'mewwallet://', playStoreUrl: play('com.myetherwallet.mewwallet'), chains: EVM },
  { id: 'alphawallet', name: 'AlphaWallet', host: 'aw.app', universalLink: 'https://aw.app', nativeLink: 'awallet://', playStoreUrl: play('io.stormbird.wallet'), chains: EVM },
  { id: 'blockchain_com', name: 'Blockchain.com', host: 'login.blockchain.com', universalLink: 'https://login.blockchain.com/deeplink', nativeLink: 'blockchain-wallet://', playStoreUrl: play('piuk.blockchain.android'), chains: EVM },
  { id: 'atomic', name: 'Atomic Wallet', host: 'atomicwallet.io', universalLink: 'https://atomicwallet.io', nativeLink: 'atomic://', playStoreUrl: play('io.atomicwallet'), chains: EVM },
  { id: 'unstoppable', name: 'Unstoppable Wallet', host: 'unstoppable.money', nativeLink: 'unstoppable.money://', playStoreUrl: play('io.horizontalsystems.bankwallet'), chains: EVM },
  { id: 'status', name: 'Status', host: 'status.app', nativeLink: 'status-app://', playStoreUrl: play('im.status.ethereum'), chains: EVM },
  { id: 'binance', name: 'Binance Web3 Wallet', host: 'app.binance.com', universalLink: 'https://app.binance.com/cedefi', nativeLink: 'bnc://', playStoreUrl: play('com.binance.dev'), chains: BOTH },
  { id: 'foxwallet', name: 'FoxWallet', host: 'link.foxwallet.com', universalLink: 'https://link.foxwallet.com', nativeLink: 'foxwallet://', browse: 'https://link.foxwallet.com/dapp?url={url}', chains: BOTH },
  { id: 'coin98', name: 'Coin98', host: 'coin98.com', nativeLink: 'coin98://', chains: BOTH },
  { id: 'math_wallet', name: 'MathWallet', host: 'mathwallet.org', nativeLink: 'mathwallet://', chains: BOTH },
  { id: 'onekey', name: 'OneKey', host: 'onekey.so', nativeLink: 'onekey-wallet://', chains: BOTH },
  { id: 'kraken_wallet', name: 'Kraken Wallet', host: 'kraken.com', nativeLink: 'krakenwallet://', chains: BOTH },
  { id: 'frontier', name: 'Frontier', host: 'frontier.xyz', nativeLink: 'frontier://', chains: EVM },
  { id: 'omni', name: 'Omni', host: 'omni.app', nativeLink: 'omni://', chains: EVM },
  { id: 'ronin', name: 'Ronin Wallet', host: 'wallet.roninchain.com', nativeLink: 'roninwallet://', chains: EVM },
  { id: 'gate_wallet', name: 'Gate Wallet', host: 'gate.io', nativeLink: 'gtweb3wallet://', chains: EVM },
  { id: 'family', name: 'Family', host: 'family.co', nativeLink: 'familywallet://', chains: EVM },
  { id: 'spot', name: 'Spot', host: 'spot-wallet.com', nativeLink: 'spot://', chains: EVM },
  { id: 'keyring_pro', name: 'KEYRING PRO', host: 'keyring.app', nativeLink: 'keyring://', chains: EVM },
  { id: 'obvious', name: 'Obvious', host: 'obvious.technology', nativeLink: 'obvious://', chains: EVM },
  { id: 'fireblocks', name: 'Fireblocks', host: 'fireblocks.com', nativeLink: 'fireblocks-wc://', chains: EVM },
  { id: 'bitpay', name: 'BitPay', host: 'bitpay.com', nativeLink: 'bitpay://', chains: EVM },
  { id: 'edge', name: 'Edge Wallet', host: 'edge.app', nativeLink: 'edge://', chains: EVM },
  { id: 'ctrl', name: 'Ctrl Wallet', host: 'ctrl.xyz', nativeLink: 'xdefi://', chains: BOTH },
  { id: 'magic_eden', name: 'Magic Eden', host: 'magiceden.io', nativeLink: 'magiceden://', chains: BOTH },
  { id: 'solflare', name: 'Solflare', host: 'solflare.com', universalLink: 'https://solflare.com/ul', nativeLink: 'solflare://', browse: 'https://solflare.com/ul/v1/browse/{url}?ref={ref}', appStoreUrl: apple('solflare', 1580902717), playStoreUrl: play('com.solflare.mobile'), chains: SOL },
  { id: 'backpack', name: 'Backpack', host: 'backpack.app', universalLink: 'https://backpack.app/ul', nativeLink: 'backpack://', browse: 'https://backpack.app/ul/v1/browse/{url}?ref={ref}', playStoreUrl: play('app.backpack.mobile'), chains: BOTH },
  { id: 'glow', name: 'Glow', host: 'glow.app', universalLink: 'https://glow.app/ul', nativeLink: 'glow://', chains: SOL },
]
