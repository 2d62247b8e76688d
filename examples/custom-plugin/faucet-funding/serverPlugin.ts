// FOYER_SERVER_PLUGINS=examples/custom-plugin/faucet-funding/serverPlugin.ts loads the faucet into examples/server.
import { faucetFundingServer } from './server.js'

export default faucetFundingServer()
