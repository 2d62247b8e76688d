import { decodeFunctionData, erc20Abi, erc721Abi, type Abi } from 'viem'

/** The ERC-1155 calls the confirmation screen reads (viem ships ERC-20 and ERC-721 ABIs, not this one). */
export const erc1155Abi = [
  {
    type: 'function',
    name: 'safeTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'id', type: 'uint256' },
      { name: 'amount', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'safeBatchTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'ids', type: 'uint256[]' },
      { name: 'amounts', type: 'uint256[]' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'setApprovalForAll',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'operator', type: 'address' },
      { name: 'approved', type: 'bool' },
    ],
    outputs: [],
  },
] as const

/** Common mint entry points (OpenZeppelin presets and most drops): `mint(to, amount|tokenId)`, `safeMint(to[, tokenId])`. */
const mintAbi = [
  { type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'safeMint', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'tokenId', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'safeMint', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }], outputs: [] },
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'to', type: 'address' }, { name: 'id', type: 'uint256' }, { name: 'amount', type: 'uint256' }, { name: 'data', type: 'bytes' }],
    outputs: [],
  },
] as const

/** The spec's decoded transaction details (§3). */
export interface DecodedTransaction {
  action: 'transaction' | 'approve' | 'transfer' | 'batch transfer' | 'mint'
  functionName?: string
  isErc20Ish?: boolean
  isNFTIsh?: boolean
  spender?: `0x${string}`
  amount?: bigint
  operator?: `0x${string}`
  approved?: boolean
  transferFrom?: `0x${string}`
  transferTo?: `0x${string}`
  tokenId?: bigint
  tokenIds?: readonly bigint[]
  amounts?: readonly bigint[]
  args?: readonly unknown[]
}

/** The calls whose selector ERC-20 and ERC-721 share: only the called contract says which one it is. */
const AMBIGUOUS = new Set(['approve', 'transferFrom'])

/** ERC-165's id of the ERC-721 interface (what `supportsInterface` answers true for on an NFT contract). */
export const ERC721_INTERFACE_ID = '0x80ac58cd'

/** Whether `decoded` (read as ERC-20) may be an ERC-721 call: approve or transferFrom, whose selectors the two share. */
export function isAmbiguousTokenCall(decoded: DecodedTransaction): boolean {
  return decoded.isErc20Ish === true && AMBIGUOUS.has(decoded.functionName ?? '')
}

/** The first ABI (in order) whose function the calldata is, with its decoded call. */
function tryDecode(data: `0x${string}`): { abi: 'erc20' | 'erc721' | 'erc1155' | 'mint'; functionName: string; args: readonly unknown[] } | null {
  const abis: [string, Abi][] = [
    ['erc20', erc20Abi as Abi],
    ['erc721', erc721Abi as Abi],
    ['erc1155', erc1155Abi as Abi],
    ['mint', mintAbi as Abi],
  ]
  for (const [name, abi] of abis) {
    try {
      const { functionName, args } = decodeFunctionData({ abi, data })
      return { abi: name as 'erc20', functionName, args: args ?? [] }
    } catch {
      // not this ABI
    }
  }
  return null
}

/**
 * What a transaction's calldata does, for the confirmation's Details: ERC-20 approve/transfer/transferFrom,
 * ERC-721 approve/setApprovalForAll/transferFrom/safeTransferFrom, ERC-1155 safe(Batch)TransferFrom, mint; anything
 * else (or plain value) is a 'transaction'. `approve(address,uint256)` and `transferFrom(address,address,uint256)`
 * have one selector for ERC-20 and ERC-721: they read as ERC-20 (an amount) unless `standard` says the called
 * contract is an ERC-721 (see `isAmbiguousTokenCall`; the preview asks the contract, `tokenStandardOf`).
 */
export function decodeTransaction(data: `0x${string}` | undefined, standard: 'erc20' | 'erc721' = 'erc20'): DecodedTransaction {
  if (!data || data === '0x' || data.length < 10) return { action: 'transaction' }
  const call = tryDecode(data)
  if (!call) return { action: 'transaction' }
  const { functionName, args } = call
  const abi = standard === 'erc721' && call.abi === 'erc20' && AMBIGUOUS.has(functionName) ? 'erc721' : call.abi
  const a = args as readonly any[]
  const base = { functionName, args }
  switch (`${abi}:${functionName}`) {
    case 'erc20:approve':
      return { ...base, action: 'approve', isErc20Ish: true, spender: a[0], amount: a[1] }
    case 'erc20:transfer':
      return { ...base, action: 'transfer', isErc20Ish: true, transferTo: a[0], amount: a[1] }
    case 'erc20:transferFrom':
      return { ...base, action: 'transfer', isErc20Ish: true, transferFrom: a[0], transferTo: a[1], amount: a[2] }
    case 'erc721:setApprovalForAll':
    case 'erc1155:setApprovalForAll':
      return { ...base, action: 'approve', isNFTIsh: true, operator: a[0], approved: a[1] }
    case 'erc721:approve':
      return { ...base, action: 'approve', isNFTIsh: true, spender: a[0], tokenId: a[1] }
    case 'erc721:transferFrom':
    case 'erc721:safeTransferFrom':
      return { ...base, action: 'transfer', isNFTIsh: true, transferFrom: a[0], transferTo: a[1], tokenId: a[2] }
    case 'erc1155:safeTransferFrom':
      return { ...base, action: 'transfer', isNFTIsh: true, transferFrom: a[0], transferTo: a[1], tokenId: a[2], amounts: [a[3]] }
    case 'erc1155:safeBatchTransferFrom':
      return { ...base, action: 'batch transfer', isNFTIsh: true, transferFrom: a[0], transferTo: a[1], tokenIds: a[2], amounts: a[3] }
    case 'mint:mint':
      return a.length === 4
        ? { ...base, action: 'mint', isNFTIsh: true, transferTo: a[0], tokenId: a[1], amounts: [a[2]] }
        : { ...base, action: 'mint', transferTo: a[0], amount: a[1] }
    case 'mint:safeMint':
      return { ...base, action: 'mint', isNFTIsh: true, transferTo: a[0], ...(a[1] !== undefined ? { tokenId: a[1] } : {}) }
    default:
      // Reads (balanceOf, allowance…) sent as transactions, and the rest of the ABIs.
      return { ...base, action: 'transaction' }
  }
}
