// A funding method written as a third party would: only the package's public subpaths are imported.
import { definePlugin, type FundingRequest } from 'foyer/core'
import { faucetApi } from './api.js'

/** English texts of the plugin; hosts override them with `config.intl.textLocalization`. */
export const faucetTexts = {
  'faucet.label': 'Test faucet',
  'faucet.title': 'Get test funds',
  'faucet.body': 'The app’s faucet sends {amount} {symbol} to {address}.',
  'faucet.send': 'Send me {amount} {symbol}',
  'faucet.provider': 'Test faucet',
}

/** The method's name in the app's `funding_config.methods`. */
export const FAUCET_METHOD = 'faucet'

/**
 * 'Test faucet' on 'Add funds' (the funding hub's `funding` slot): the app's server sends the requested amount of the
 * chain's currency from its faucet key (faucetFundingServer), then the hub's status screen says so. Enable it with
 * `"funding": { "methods": ["faucet", …] }` in the app's config.
 */
export function faucetFunding() {
  return definePlugin({
    id: 'faucet-funding',
    kind: 'funding',
    api: faucetApi,
    screens: {
      send: { load: () => import('./screens/FaucetScreen.js'), title: 'faucet.title' },
    },
    funding: {
      method: FAUCET_METHOD,
      label: 'faucet.label',
      order: 50,
      screen: 'faucet-funding/send',
      // The faucet sends the chain's own currency on EVM chains only.
      supports: (request: FundingRequest) => request.chainType === 'ethereum' && request.asset === 'native-currency',
    },
    // The route's error codes (schema.ts) → texts for the kernel's error screen.
    errors: {
      FAUCET_UNAVAILABLE: 'The faucet could not send the funds. Try again later.',
      FAUCET_CHAIN_NOT_SUPPORTED: 'The faucet does not serve this chain.',
      FAUCET_AMOUNT_TOO_LARGE: 'The faucet cannot send that amount.',
      FAUCET_NOT_YOUR_WALLET: 'The faucet only funds your own wallets.',
    },
    texts: faucetTexts,
  })
}
