// The EIP-1193 errors live in the kernel (core/client/wallets): the wallet's provider and the transaction plugin share them.
export { EmbeddedProviderRpcError, providerRpcTexts, toProviderRpcError, walletCallsErrorCodes } from '../../../../core/client/wallets/providerRpcError.js'
