import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAUCET_ETH_WEI, FAUCET_SOL_LAMPORTS, FAUCET_USDC_UNITS, startFaucet } from './faucet.js'

// The faucet's own rules (the chains behind it are npm start's; the tour in test/e2e/npmStartTour.test.ts uses them):
// what it funds, and that bad input is refused with a reason and funds nothing.
const calls: string[] = []
let url = ''
let server: Awaited<ReturnType<typeof startFaucet>>
beforeAll(async () => {
  const balances = new Map<string, bigint>()
  server = await startFaucet(0, {
    async addEth(address, wei) {
      calls.push(`eth ${address} ${wei}`)
      balances.set(address, (balances.get(address) ?? 0n) + wei)
      return balances.get(address)!
    },
    async mintUsdc(address, units) {
      calls.push(`usdc ${address} ${units}`)
    },
    addSol(address, lamports) {
      calls.push(`sol ${address} ${lamports}`)
      return lamports
    },
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

const post = async (body: string) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('the dev faucet', () => {
  it('adds 1 ETH and 100 test USDC to each Ethereum address, 1 SOL to each Solana address', async () => {
    calls.length = 0
    const eth = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const sol = 'GsXLvGuBGw2mqNLA2XSP2SEUbk4x1cJhw3LXSkLwqBX7'
    const answer = await post(JSON.stringify({ ethereum: [eth], solana: [sol] }))
    expect(answer).toEqual({ status: 200, body: { ethereum: [{ address: eth, eth: FAUCET_ETH_WEI.toString() }], solana: [{ address: sol, lamports: FAUCET_SOL_LAMPORTS.toString() }] } })
    expect(calls).toEqual([`eth ${eth} ${FAUCET_ETH_WEI}`, `usdc ${eth} ${FAUCET_USDC_UNITS}`, `sol ${sol} ${FAUCET_SOL_LAMPORTS}`])
  })

  it.each([
    ['not JSON', '{', 'The body is not JSON'],
    ['a bad Ethereum address', JSON.stringify({ ethereum: ['0x7099'] }), 'Not an Ethereum address: 0x7099'],
    ['a bad Solana address', JSON.stringify({ solana: ['not-base58-0OIl'] }), 'Not a Solana address: not-base58-0OIl'],
    ['a list that is not one', JSON.stringify({ ethereum: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }), '"ethereum" and "solana" are lists of at most 10 addresses'],
    ['too many addresses', JSON.stringify({ solana: Array(11).fill('GsXLvGuBGw2mqNLA2XSP2SEUbk4x1cJhw3LXSkLwqBX7') }), '"ethereum" and "solana" are lists of at most 10 addresses'],
  ])('refuses %s with a 400 naming it, and funds nothing', async (_what, body, error) => {
    calls.length = 0
    expect(await post(body)).toEqual({ status: 400, body: { error } })
    expect(calls).toEqual([])
  })
})
