import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { WalletChainType } from '../../schema.js'
import { exportedKeys } from './exportView.js'
import { ethereumKeyOf } from '../keys/ethereumKey.js'
import { solanaKeypairOf } from '../keys/solanaKeypair.js'
import { mnemonicOf } from '../keys/walletSeed.js'
import type { UnlockedWallet } from '../vault/walletVault.js'

const secret = new Uint8Array(16).fill(9)
const unlocked = (chainType: WalletChainType, walletIndex: number, key: Uint8Array = secret) =>
  ({ secret: key, walletIndex, root: { rootId: 'r', chainType, imported: key.length !== 16, recoveryMethod: 'privy', wallets: [] } }) as UnlockedWallet

describe("the export page's keys (drawn inside the frame only)", () => {
  it.each([0, 1])('Solana wallet #%i: base58 of the 64-byte secret key (Phantom / Solflare import form) whose public half is the address', (walletIndex) => {
    const { privateKey, phrase } = exportedKeys(unlocked('solana', walletIndex))
    const bytes = bs58.decode(privateKey)
    expect(bytes).toHaveLength(64)
    const address = solanaKeypairOf(secret, walletIndex).address
    expect(bs58.encode(bytes.slice(32))).toBe(address)
    expect(bs58.encode(ed25519.getPublicKey(bytes.slice(0, 32)))).toBe(address)
    // The recovery phrase of the root: a wallet app derives the same account from it (m/44'/501'/index'/0').
    expect(phrase).toBe(mnemonicOf(secret))
    expect(phrase!.split(' ')).toHaveLength(12)
  })

  it('Ethereum wallet: the hex private key of its HD account and the phrase; an imported key: the key and no phrase', () => {
    const hd = exportedKeys(unlocked('ethereum', 1))
    expect(privateKeyToAccount(hd.privateKey as `0x${string}`).address).toBe(ethereumKeyOf(secret, 1).address)
    expect(hd.phrase).toBe(mnemonicOf(secret))
    const key = new Uint8Array(32).fill(3)
    const imported = exportedKeys(unlocked('ethereum', 0, key))
    expect(privateKeyToAccount(imported.privateKey as `0x${string}`).address).toBe(ethereumKeyOf(key, 0).address)
    expect(imported.phrase).toBeNull()
  })
})
