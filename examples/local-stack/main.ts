// `npm start`'s local stack: the chains and services that sending needs, on this machine, with no outside account.
//   - anvil (chain 31337) with EntryPoint v0.7, a SimpleAccountFactory, a VerifyingPaymaster and a test USDC deployed;
//   - the alto ERC-4337 bundler and an ERC-7677 paymaster service (policy 'foyer-dev': smart wallets' gas is sponsored);
//   - a Solana JSON-RPC node over litesvm (HTTP on its port, WebSocket on the next);
//   - the dev faucet (faucet.ts).
// They are the same parts the tests run (test/standins/): real local chains and a real bundler, not stand-ins of a product
// path. Ports come from the environment (scripts/start.mjs sets them). Once all answer, one line goes to stdout:
// `[local-stack] ready {json}` with the URLs and contract addresses; any part exiting ends the process with code 1.
import { parseEther, type Address } from 'viem'
import { deployAccountAbstraction, startAlto, startPaymasterStandin } from '../../test/standins/accountAbstraction.js'
import { startAnvil } from '../../test/standins/anvil.js'
import { startSolanaRpcStandin } from '../../test/standins/solanaRpcStandin.js'
import { startFaucet } from './faucet.js'
import { deployTestUsdc, mintTestUsdc } from './testUsdc.js'

export const LOCAL_CHAIN_ID = 31337
export const PAYMASTER_POLICY = 'foyer-dev'

const port = (name: string) => {
  const value = Number(process.env[name])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a port number, got ${process.env[name]}`)
  return value
}
const ports = {
  anvil: port('FOYER_ANVIL_PORT'),
  bundler: port('FOYER_BUNDLER_PORT'),
  paymaster: port('FOYER_PAYMASTER_PORT'),
  solana: port('FOYER_SOLANA_PORT'),
  faucet: port('FOYER_FAUCET_PORT'),
}

const stops: (() => Promise<unknown>)[] = []
let stopping = false
async function stopAll(code: number) {
  if (stopping) return
  stopping = true
  await Promise.allSettled(stops.reverse().map((stop) => stop()))
  process.exit(code)
}
process.on('SIGTERM', () => void stopAll(0))
process.on('SIGINT', () => void stopAll(0))
const partExited = (what: string) => () => {
  if (stopping) return
  console.error(`[local-stack] ${what} exited`)
  void stopAll(1)
}

try {
  const anvil = await startAnvil({ chainId: LOCAL_CHAIN_ID, port: ports.anvil })
  stops.push(() => anvil.stop())
  void anvil.exited.then(partExited('the local chain (anvil)'))
  const contracts = await deployAccountAbstraction(anvil.rpcUrl, { paymasterDeposit: parseEther('1000') })
  const usdc = await deployTestUsdc(anvil.rpcUrl)
  const [alto, paymaster, solana] = await Promise.all([
    startAlto(anvil.rpcUrl, { port: ports.bundler }),
    startPaymasterStandin(anvil.rpcUrl, { paymaster: contracts.verifyingPaymaster, policies: [PAYMASTER_POLICY], port: ports.paymaster }),
    startSolanaRpcStandin({ port: ports.solana }),
  ])
  stops.push(() => alto.stop(), () => paymaster.close(), () => solana.stop())
  void alto.exited.then(partExited('the bundler (alto)'))
  const faucet = await startFaucet(ports.faucet, {
    async addEth(address, wei) {
      const balance = BigInt(await anvil.rpc<string>('eth_getBalance', [address, 'latest'])) + wei
      await anvil.setBalance(address, balance)
      return balance
    },
    mintUsdc: (address: Address, units) => mintTestUsdc(anvil.rpcUrl, usdc, address, units),
    addSol(address, lamports) {
      solana.fund(address, lamports)
      return solana.balance(address)
    },
  })
  stops.push(() => new Promise((resolve) => faucet.close(resolve)))
  const ready = {
    chainId: LOCAL_CHAIN_ID,
    rpcUrl: anvil.rpcUrl,
    bundlerUrl: alto.url,
    paymasterUrl: paymaster.url,
    paymasterPolicy: PAYMASTER_POLICY,
    simpleAccountFactory: contracts.simpleAccountFactory,
    usdc,
    solanaRpcUrl: solana.rpcUrl,
    faucetUrl: `http://127.0.0.1:${ports.faucet}`,
  }
  console.log(`[local-stack] ready ${JSON.stringify(ready)}`)
} catch (error) {
  console.error(`[local-stack] ${(error as Error).message}`)
  await stopAll(1)
}
