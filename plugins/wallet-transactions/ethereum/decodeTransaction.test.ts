import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeTransaction, erc1155Abi, isAmbiguousTokenCall } from './decodeTransaction.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const

describe('decodeTransaction: the confirmation Details of known calldata', () => {
  it.each([
    ['no data', undefined, { action: 'transaction' }],
    ['empty data', '0x', { action: 'transaction' }],
    ['an unknown selector', '0xdeadbeef00', { action: 'transaction' }],
    ['ERC-20 approve max', encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [A, maxUint256] }), { action: 'approve', isErc20Ish: true, spender: A, amount: maxUint256, functionName: 'approve' }],
    ['ERC-20 transfer', encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [B, 5n] }), { action: 'transfer', isErc20Ish: true, transferTo: B, amount: 5n }],
    ['ERC-20 transferFrom', encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [A, B, 9n] }), { action: 'transfer', isErc20Ish: true, transferFrom: A, transferTo: B, amount: 9n }],
    ['ERC-721 setApprovalForAll', encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [A, true] }), { action: 'approve', isNFTIsh: true, operator: A, approved: true }],
    [
      'ERC-721 safeTransferFrom',
      encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [A, B, 42n] }),
      { action: 'transfer', isNFTIsh: true, transferFrom: A, transferTo: B, tokenId: 42n },
    ],
    [
      'ERC-1155 safeTransferFrom',
      encodeFunctionData({ abi: erc1155Abi, functionName: 'safeTransferFrom', args: [A, B, 3n, 10n, '0x'] }),
      { action: 'transfer', isNFTIsh: true, transferFrom: A, transferTo: B, tokenId: 3n, amounts: [10n] },
    ],
    [
      'ERC-1155 safeBatchTransferFrom',
      encodeFunctionData({ abi: erc1155Abi, functionName: 'safeBatchTransferFrom', args: [A, B, [1n, 2n], [5n, 6n], '0x'] }),
      { action: 'batch transfer', isNFTIsh: true, transferFrom: A, transferTo: B, tokenIds: [1n, 2n], amounts: [5n, 6n] },
    ],
    [
      'a mint(to, amount)',
      encodeFunctionData({ abi: [{ type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] }], functionName: 'mint', args: [A, 100n] }),
      { action: 'mint', transferTo: A, amount: 100n },
    ],
    ['an ERC-20 read sent as a transaction', encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [A] }), { action: 'transaction', functionName: 'balanceOf' }],
  ] as const)('%s', (_name, data, expected) => {
    expect(decodeTransaction(data as `0x${string}` | undefined)).toMatchObject(expected)
  })
})

describe('decodeTransaction: approve / transferFrom, whose selectors ERC-20 and ERC-721 share', () => {
  // One calldata, two readings: the contract decides (the preview asks it through ERC-165).
  const approve = encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [A, 7n] })
  const transferFrom = encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [A, B, 7n] })

  it('reads them as ERC-20 (an amount) by default, and says the contract must be asked', () => {
    expect(approve).toBe(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [A, 7n] }))
    expect(decodeTransaction(approve)).toMatchObject({ action: 'approve', isErc20Ish: true, spender: A, amount: 7n })
    expect(isAmbiguousTokenCall(decodeTransaction(approve))).toBe(true)
    expect(isAmbiguousTokenCall(decodeTransaction(transferFrom))).toBe(true)
    // transfer(address,uint256) is ERC-20 only; safeTransferFrom ERC-721 only.
    expect(isAmbiguousTokenCall(decodeTransaction(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [B, 5n] })))).toBe(false)
    expect(isAmbiguousTokenCall(decodeTransaction(encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [A, B, 1n] })))).toBe(false)
  })

  it('reads them as NFT calls (a token id, no amount) for an ERC-721 contract', () => {
    const nftApprove = decodeTransaction(approve, 'erc721')
    expect(nftApprove).toMatchObject({ action: 'approve', isNFTIsh: true, spender: A, tokenId: 7n, functionName: 'approve' })
    expect(nftApprove.isErc20Ish).toBeUndefined()
    expect(nftApprove.amount).toBeUndefined()
    const nftTransfer = decodeTransaction(transferFrom, 'erc721')
    expect(nftTransfer).toMatchObject({ action: 'transfer', isNFTIsh: true, transferFrom: A, transferTo: B, tokenId: 7n })
    expect(nftTransfer.amount).toBeUndefined()
    // Calls that aren't ambiguous read the same either way.
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [B, 5n] })
    expect(decodeTransaction(transfer, 'erc721')).toEqual(decodeTransaction(transfer))
  })
})
