// The wallet frame's internals that other plugins' tests use as fixtures (keys, shares, the recovery envelope, Solana
// signing, the server's OPRF evaluation): plugins import each other only through their entries, test kits may reach in.
export { ethereumKeyOf } from '../../plugins/wallet-frame/frame/keys/ethereumKey.js'
export { solanaKeypairOf, type SolanaKeypair } from '../../plugins/wallet-frame/frame/keys/solanaKeypair.js'
export { newWalletSecret } from '../../plugins/wallet-frame/frame/keys/walletSecret.js'
export { combineWalletShares, splitWalletSecret } from '../../plugins/wallet-frame/frame/keys/walletShares.js'
export { openRecoveryShare } from '../../plugins/wallet-frame/frame/recovery/recoveryEnvelope.js'
export { SOLANA_SIGNER_MISSING, signSolanaTransaction } from '../../plugins/wallet-frame/frame/solana/solanaSignTransaction.js'
