// What the wagmi host signs and sends, shared with the test that checks it (test/package/wagmiHosts.test.ts): no imports.

/** The local chain (anvil) and a second chain id the wallet switches to and back (never sent on). */
export const ANVIL_CHAIN_ID = 31337
export const SECOND_CHAIN_ID = 31338

/** The message 'Sign message' signs. */
export const MESSAGE = 'Hello from a wagmi host'

/** The EIP-712 data 'Sign typed data' signs (EIP-712's own example). */
export const TYPED_DATA = {
  domain: { name: 'Ether Mail', version: '1', chainId: ANVIL_CHAIN_ID, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

/** Where 'Send transaction' sends 1 000 000 gwei, and the two calls of 'Send calls' send 1 and 2 wei. */
export const RECIPIENT = '0x000000000000000000000000000000000000f0e1'
export const CALL_TARGETS = ['0x000000000000000000000000000000000000f0e2', '0x000000000000000000000000000000000000f0e3'] as const
export const TRANSFER_WEI = 1_000_000_000_000_000n

/**
 * A contract the test puts on anvil (anvil_setCode): `set(uint256)` stores its argument in slot 0, whatever the
 * selector (runtime code PUSH1 4 CALLDATALOAD PUSH1 0 SSTORE STOP). 'Write contract' calls it.
 */
export const STORE_ADDRESS = '0x000000000000000000000000000000000000f0e4'
export const STORE_RUNTIME_CODE = '0x60043560005500'
export const STORE_ABI = [{ type: 'function', name: 'set', stateMutability: 'nonpayable', inputs: [{ name: 'value', type: 'uint256' }], outputs: [] }] as const
