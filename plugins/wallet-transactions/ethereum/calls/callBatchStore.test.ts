import { describe, expect, it } from 'vitest'
import type { CallBatch } from './callBatchTypes.js'
import { createCallBatchStore, randomBatchId } from './callBatchStore.js'
import { callsStatusOf, toWalletCallReceipt } from './callsStatus.js'

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const batch = (id: string, over: Partial<CallBatch> = {}): CallBatch => ({
  id,
  from: WALLET,
  account: WALLET,
  chainId: 31337,
  calls: [{ to: WALLET, value: 1n }],
  sender: 'wallet',
  atomic: true,
  sponsored: false,
  approved: false,
  status: 100,
  hashes: [],
  receipts: [],
  ...over,
})
const H = (c: string) => `0x${c.repeat(64)}` as `0x${string}`

describe('the page’s batch store', () => {
  it('keeps batches by id as signals, refuses a taken id with 5720, frees a removed one', () => {
    const store = createCallBatchStore()
    const entry = store.add(batch('a'))
    expect(store.get('a')).toBe(entry)
    expect(() => store.add(batch('a'))).toThrow(expect.objectContaining({ code: 5720, message: 'A batch with this id was already submitted.' }))
    entry.value = { ...entry.value, status: 200 }
    expect(store.get('a')!.value.status).toBe(200)
    store.remove('a')
    expect(store.get('a')).toBeUndefined()
    expect(store.add(batch('a')).value.status).toBe(100)
  })

  it('forgets the oldest batches beyond its size', () => {
    const store = createCallBatchStore(2)
    store.add(batch('1'))
    store.add(batch('2'))
    store.add(batch('3'))
    expect([store.get('1'), store.get('2')?.value.id, store.get('3')?.value.id]).toEqual([undefined, '2', '3'])
  })

  it('makes 32-byte hex ids, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, randomBatchId))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe('wallet_getCallsStatus answers (EIP-5792 2.0.0)', () => {
  it('pending: version, id, hex chain id, status 100, atomic, no receipts yet', () => {
    expect(callsStatusOf(batch('b', { atomic: false }))).toEqual({ version: '2.0.0', id: 'b', chainId: '0x7a69', status: 100, atomic: false, receipts: [] })
  })

  it('receipts with hex quantities, status 0x1 / 0x0 and only the logs’ address, data and topics', () => {
    const receipt = toWalletCallReceipt({
      transactionHash: H('a'),
      blockHash: H('b'),
      blockNumber: 300n,
      gasUsed: 21_000n,
      status: 'success',
      logs: [{ address: WALLET, data: '0x01', topics: [H('c')], logIndex: 0, removed: false } as never],
    })
    expect(receipt).toEqual({ logs: [{ address: WALLET, data: '0x01', topics: [H('c')] }], status: '0x1', blockHash: H('b'), blockNumber: '0x12c', gasUsed: '0x5208', transactionHash: H('a') })
    expect(toWalletCallReceipt({ transactionHash: H('a'), blockHash: H('b'), blockNumber: 1n, gasUsed: 1n, status: 'reverted', logs: [] }).status).toBe('0x0')
    expect(callsStatusOf(batch('c', { status: 200, receipts: [receipt] }))).toMatchObject({ status: 200, receipts: [receipt] })
  })
})
