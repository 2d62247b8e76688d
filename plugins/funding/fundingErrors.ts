// The hub's error texts, apart from fundingTexts.ts (the plugin entry's `texts`, read at page load): esbuild keeps a
// module whole in one chunk, so the texts only fundWallet's request checks use would otherwise ride into every first
// load with the English table.

/** The hub's error texts (spec §8 'Funding'). */
export const fundingErrors = {
  walletFundingNotEnabled: 'Wallet funding is not enabled',
  fundingWalletNotEnabled: 'Funding wallet is not enabled',
  caip2: 'Chain ID not compatible with CAIP-2 format.',
  chainNotConfigured: (chainId: number) => `Chain ID ${chainId} is not supported. Add it to the supportedChains of your Foyer config.`,
  invalidAmount: 'The amount must be a number greater than 0, with at most one decimal point.',
  invalidAddress: 'Invalid wallet address',
  unsupportedAsset: 'Unsupported funding asset',
  tokenDetails: 'Unable to fetch token details',
}
