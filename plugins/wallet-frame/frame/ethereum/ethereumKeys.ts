// The frame's Ethereum keys: BIP-32 derivation, secp256k1 signatures, keccak addresses and the BIP-39 seed. A module of
// its own (kernel-ethereum-<hash>.js), loaded by the hidden frame the first time an Ethereum wallet is created, unlocked
// or recovered, so the kernel every frame page loads first holds no curve and no word list. The pages that use keys
// (export, recovery) bundle it.
import { ethereumKeyOf, personalMessageDigest, signEthereumDigest } from '../keys/ethereumKey.js'
import { seedOf } from '../keys/walletSeed.js'

/** What the kernel does with an Ethereum wallet's key. */
export const ethereumKeys = { keyOf: ethereumKeyOf, signDigest: signEthereumDigest, personalMessageDigest, seedOf }
