// The provider's error class and EIP-5792's codes (core/client/wallets), without providerRpcError.ts's texts.
export { duplicateBatchIdText, EmbeddedProviderRpcError, walletCallsErrorCodes } from '../../../../core/client/wallets/embeddedProviderRpcError.js'
