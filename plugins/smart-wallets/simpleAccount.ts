import { encodeFunctionData, type Address, type Chain, type Hex, type LocalAccount, type PublicClient, type Transport } from 'viem'
import { readContract } from 'viem/actions'
import { entryPoint07Abi, entryPoint07Address, getUserOperationHash, toSmartAccount, type SmartAccount } from 'viem/account-abstraction'

// eth-infinitism's SimpleAccount (@account-abstraction/contracts 0.7): an ERC-1967 proxy made by SimpleAccountFactory,
// owned by one ECDSA key, which validates a user operation by the owner's EIP-191 signature of its hash. It has no
// ERC-1271 isValidSignature: a message "signed by the account" is its owner's signature (ERC-6492-wrapped while the
// account is not deployed), which the server checks against the account's owner() (see server/verifySmartWallet.ts).

const factoryAbi = [
  { type: 'function', name: 'createAccount', stateMutability: 'nonpayable', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'getAddress', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] },
] as const

export const simpleAccountAbi = [
  { type: 'function', name: 'execute', stateMutability: 'nonpayable', inputs: [{ name: 'dest', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'func', type: 'bytes' }], outputs: [] },
  { type: 'function', name: 'executeBatch', stateMutability: 'nonpayable', inputs: [{ name: 'dest', type: 'address[]' }, { name: 'value', type: 'uint256[]' }, { name: 'func', type: 'bytes[]' }], outputs: [] },
  { type: 'function', name: 'owner', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
] as const

/** A real ECDSA signature (of another key) for gas estimation: SimpleAccount recovers it, so it must be well formed. */
const STUB_SIGNATURE: Hex = '0xfad8b0bd8d17273984e6292ec83d06ee063a58e296ae62250212ad136bcdf8ee6d982650e72e4920ccc1a622830adf6814ce92a6bca955c9df142b225ca4be161c'

export interface ToSimpleAccountParameters {
  client: PublicClient<Transport, Chain>
  owner: LocalAccount
  factoryAddress: Address
  /** CREATE2 salt of the factory (default 0: one account per owner). */
  salt?: bigint
}

/** The SimpleAccount (EntryPoint v0.7) of `owner` as a viem smart account. */
export async function toSimpleAccount({ client, owner, factoryAddress, salt = 0n }: ToSimpleAccountParameters): Promise<SmartAccount> {
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' as const }
  let address: Address | undefined
  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      address ??= await readContract(client, { address: factoryAddress, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, salt] })
      return address
    },
    async getFactoryArgs() {
      return { factory: factoryAddress, factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, salt] }) }
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls
        return encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [call!.to, call!.value ?? 0n, call!.data ?? '0x'] })
      }
      return encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
      })
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signMessage({ message }) {
      return owner.signMessage({ message })
    },
    async signTypedData(typedData) {
      return owner.signTypedData(typedData as Parameters<LocalAccount['signTypedData']>[0])
    },
    async signUserOperation(parameters) {
      const { chainId = client.chain!.id, ...userOperation } = parameters
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: userOperation.sender ?? (await this.getAddress()) },
      })
      return owner.signMessage({ message: { raw: hash } })
    },
  }) as Promise<SmartAccount>
}
