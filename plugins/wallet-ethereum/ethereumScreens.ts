// The Ethereum face's plugin id and screen ids, apart from the screens and flows so the entry carries only these.

/** The plugin's id. */
export const WALLET_ETHEREUM_ID = 'wallet-ethereum'
/** 'Sign message' / 'Sign typed data': personal_sign, eth_sign and typed data, from the provider or useFoyer(). */
export const SIGN_SCREEN = 'wallet-ethereum/sign'
/** 'Add suggested token': the approval of wallet_watchAsset (EIP-747). */
export const WATCH_ASSET_SCREEN = 'wallet-ethereum/watch-asset'
/** 'Add network': the approval of wallet_addEthereumChain (EIP-3085) for a chain the wallet doesn't know. */
export const ADD_CHAIN_SCREEN = 'wallet-ethereum/add-chain'
