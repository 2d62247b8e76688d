import { defineServerPlugin } from '../../core/server/index.js'
import { FundingAppConfigSchema, publicFundingConfig, type FundingAppConfig } from './schema.js'

export { FundingAppConfigSchema, publicFundingConfig, type FundingAppConfig, type FundingConfig } from './schema.js'

/**
 * Server half of the funding hub: declares the app's "funding" section and shows it to clients as `funding_config`
 * (methods, default amount and currency, the prompt after wallet creation). Provider plugins (Moonpay, Coinbase, a
 * third party's) bring their own server halves and routes; this one has none.
 */
export function fundingServer() {
  return defineServerPlugin({
    id: 'funding',
    appConfig: FundingAppConfigSchema,
    publicConfig: (section) => ({ funding_config: publicFundingConfig(section as FundingAppConfig) }),
    routes() {},
  })
}
