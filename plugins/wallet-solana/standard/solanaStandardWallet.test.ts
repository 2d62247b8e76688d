// @vitest-environment happy-dom
import { ed25519 } from '@noble/curves/ed25519'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import bs58 from 'bs58'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { embeddedSolanaAccount, embeddedWalletAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../../test/kit/fakeWalletFrame.js'
import { embeddedWallet } from '../../embedded-wallet/index.js'
import { createSolanaStandardWallet, SOLANA_STANDARD_FEATURES } from './solanaStandardWallet.js'
import { EMBEDDED_WALLET_NAME as name, EMBEDDED_WALLET_STANDARD_ICON as standardIcon } from '../../wallet-ethereum/index.js'
import { Keypair, MessageV0, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

type Features = {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }
  'standard:disconnect': { disconnect(): Promise<void> }
  'standard:events': { on(event: 'change', listener: (p: { accounts?: readonly WalletAccount[] }) => void): () => void }
  'solana:signMessage': { signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<{ signature: Uint8Array; signedMessage: Uint8Array }[]> }
  'solana:signTransaction': { supportedTransactionVersions: readonly unknown[]; signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array }[]): Promise<{ signedTransaction: Uint8Array }[]> }
  'solana:signAndSendTransaction': { signAndSendTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string }[]): Promise<{ signature: Uint8Array }[]> }
  'solana:signIn': { signIn(...inputs: Record<string, unknown>[]): Promise<{ account: WalletAccount; signedMessage: Uint8Array; signature: Uint8Array }[]> }
}
const feature = <K extends keyof Features>(wallet: Wallet, name: K) => wallet.features[name] as Features[K]

async function setup() {
  const frame = fakeWalletFrame()
  const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }])
  cleanups.push(() => kit.foyer.destroy())
  const [s0, s1] = [0, 1].map((i) => frame.solanaKeypair(i).address) as [string, string]
  return { ...kit, frame, s0, s1 }
}
const foyerWallet = () => getWallets().get().find((w) => w.name === 'Foyer Wallet')

/** An app that starts after the wallet: it announces itself with `wallet-standard:app-ready`, as getWallets() does. */
function lateApp() {
  const registered: Wallet[] = []
  const unregister = vi.fn()
  const register = (...wallets: Wallet[]) => (registered.push(...wallets), unregister)
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register } }))
  return { registered, unregister }
}

describe("the embedded Solana wallet in wallet-standard ('Foyer Wallet')", () => {
  it('is registered while a user with an embedded Solana wallet is signed in, with the spec name, icon, chains and only the features it has', async () => {
    const { signIn, signOut, frame, s0 } = await setup()
    signIn(kitUser([embeddedWalletAccount(frame.account(0).address)]))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(foyerWallet()).toBeUndefined()

    signIn(kitUser([embeddedWalletAccount(frame.account(0).address), embeddedSolanaAccount(s0)]))
    await vi.waitFor(() => expect(foyerWallet()).toBeDefined())
    const wallet = foyerWallet()!
    expect(wallet).toMatchObject({ version: '1.0.0', name: 'Foyer Wallet', chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet'] })
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/)
    expect(Object.keys(wallet.features).sort()).toEqual([...SOLANA_STANDARD_FEATURES].sort())
    expect(feature(wallet, 'solana:signTransaction').supportedTransactionVersions).toEqual(['legacy', 0])
    expect(wallet.accounts).toHaveLength(1)
    const [account] = wallet.accounts
    expect(account!.address).toBe(s0)
    expect([...account!.publicKey]).toEqual([...bs58.decode(s0)])
    expect(account!.features).toEqual(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signIn'])

    // An app that loads later gets it too, by the standard's app-ready event.
    const late = lateApp()
    expect(late.registered).toEqual([wallet])

    await signOut()
    await vi.waitFor(() => expect(foyerWallet()).toBeUndefined())
    expect(late.unregister).toHaveBeenCalledOnce()
    // Signed out, an app that loads gets nothing.
    expect(lateApp().registered).toEqual([])
  })

  it("tells dapps of account changes ('change'): a wallet added, logout, then the next login", async () => {
    const { signIn, signOut, s0, s1 } = await setup()
    signIn(kitUser([embeddedSolanaAccount(s0)]))
    await vi.waitFor(() => expect(foyerWallet()).toBeDefined())
    const wallet = foyerWallet()!
    const changes: string[][] = []
    feature(wallet, 'standard:events').on('change', ({ accounts }) => changes.push((accounts ?? []).map((a) => a.address)))

    signIn(kitUser([embeddedSolanaAccount(s0, 0), embeddedSolanaAccount(s1, 1)]))
    await vi.waitFor(() => expect(changes).toEqual([[s0, s1]]))
    await signOut()
    await vi.waitFor(() => expect(changes).toEqual([[s0, s1], []]))
    expect(wallet.accounts).toEqual([])

    signIn(kitUser([embeddedSolanaAccount(s1, 0)]))
    await vi.waitFor(() => expect(foyerWallet()).toBe(wallet))
    expect(changes.at(-1)).toEqual([s1])
  })

  it('signs messages in the frame (solana:signMessage): ed25519 by the account; a foreign account is refused', async () => {
    const { signIn, s0, frame } = await setup()
    signIn(kitUser([embeddedSolanaAccount(s0)]))
    await vi.waitFor(() => expect(foyerWallet()).toBeDefined())
    const wallet = foyerWallet()!
    const message = new TextEncoder().encode('Sign in to a dapp')
    const [output] = await feature(wallet, 'solana:signMessage').signMessage({ account: wallet.accounts[0]!, message })
    expect(output!.signedMessage).toEqual(message)
    expect(ed25519.verify(output!.signature, message, bs58.decode(s0))).toBe(true)
    const stranger = { ...wallet.accounts[0]!, address: frame.solanaKeypair(2).address }
    await expect(feature(wallet, 'solana:signMessage').signMessage({ account: stranger, message })).rejects.toThrow('Wallet is not currently connected')
  })

  it("a dapp's disconnect hides the accounts from it until it connects again (no prompt: signing in was the consent)", async () => {
    const { foyer, signIn, s0 } = await setup()
    signIn(kitUser([embeddedSolanaAccount(s0)]))
    await vi.waitFor(() => expect(foyerWallet()).toBeDefined())
    const wallet = foyerWallet()!
    expect((await feature(wallet, 'standard:connect').connect({ silent: true })).accounts.map((a) => a.address)).toEqual([s0])
    await feature(wallet, 'standard:disconnect').disconnect()
    expect(wallet.accounts).toEqual([])
    expect((await feature(wallet, 'standard:connect').connect({ silent: true })).accounts).toEqual([])
    expect((await feature(wallet, 'standard:connect').connect()).accounts.map((a) => a.address)).toEqual([s0])
    // The user stays signed in throughout.
    expect(foyer.$session.peek().status).toBe('authenticated')
  })

  it('signs legacy and v0 transactions in the frame (solana:signTransaction): the fee payer\'s signature verifies; a foreign account is refused', async () => {
    const { signIn, s0, frame } = await setup()
    signIn(kitUser([embeddedSolanaAccount(s0)]))
    await vi.waitFor(() => expect(foyerWallet()).toBeDefined())
    const wallet = foyerWallet()!
    const owner = new PublicKey(s0)
    const blockhash = bs58.encode(new Uint8Array(32).fill(7))
    const transfer = SystemProgram.transfer({ fromPubkey: owner, toPubkey: Keypair.generate().publicKey, lamports: 1000 })
    const legacy = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(transfer)
    const v0 = new VersionedTransaction(MessageV0.compile({ payerKey: owner, recentBlockhash: blockhash, instructions: [transfer] }))
    const [signedLegacy, signedV0] = await feature(wallet, 'solana:signTransaction').signTransaction(
      { account: wallet.accounts[0]!, transaction: legacy.serialize({ requireAllSignatures: false, verifySignatures: false }) },
      { account: wallet.accounts[0]!, transaction: v0.serialize() },
    )
    const fromLegacy = Transaction.from(signedLegacy!.signedTransaction)
    expect(ed25519.verify(fromLegacy.signature!, fromLegacy.serializeMessage(), owner.toBytes())).toBe(true)
    const fromV0 = VersionedTransaction.deserialize(signedV0!.signedTransaction)
    expect(fromV0.version).toBe(0)
    expect(ed25519.verify(fromV0.signatures[0]!, fromV0.message.serialize(), owner.toBytes())).toBe(true)
    const stranger = { ...wallet.accounts[0]!, address: frame.solanaKeypair(2).address }
    await expect(feature(wallet, 'solana:signTransaction').signTransaction({ account: stranger, transaction: v0.serialize() })).rejects.toThrow('Wallet is not currently connected')
  })

  it('signs in (solana:signIn): the SIWS message of the page\'s host with the fields the wallet fills, signed by the account; another domain is refused', async () => {
    const { signIn, s0 } = await setup()
    signIn(kitUser([embeddedSolanaAccount(s0)]))
    await vi.waitFor(() => expect(foyerWallet()).toBeDefined())
    const wallet = foyerWallet()!
    const [output] = await feature(wallet, 'solana:signIn').signIn({ statement: 'Sign in to the dapp', nonce: 'abc12345' })
    const text = new TextDecoder().decode(output!.signedMessage)
    expect(text).toMatch(new RegExp(`^${location.host} wants you to sign in with your Solana account:\\n${s0}\\n\\nSign in to the dapp\\n\\nURI: ${location.origin}\\nVersion: 1\\nChain ID: mainnet\\nNonce: abc12345\\nIssued At: \\d{4}-`))
    expect(output!.account.address).toBe(s0)
    expect(ed25519.verify(output!.signature, output!.signedMessage, bs58.decode(s0))).toBe(true)
    await expect(feature(wallet, 'solana:signIn').signIn({ domain: 'evil.example' })).rejects.toThrow(`Sign-in domain evil.example is not this page's (${location.host})`)
  })
})

describe('solana:signAndSendTransaction', () => {
  it('hands the bytes to the send path and answers its base58 signature as bytes; a disconnected dapp is refused', async () => {
    const sent: [string, Uint8Array][] = []
    const signature = bs58.encode(new Uint8Array(64).fill(3))
    const standard = createSolanaStandardWallet(async () => new Uint8Array(64), {
      signTransaction: async () => new Uint8Array(),
      signAndSendTransaction: async (address, bytes) => (sent.push([address, bytes]), signature),
    }, undefined, { name, standardIcon })
    const address = Keypair.generate().publicKey.toBase58()
    standard.setAddresses([address])
    const send = standard.wallet.features['solana:signAndSendTransaction'] as Features['solana:signAndSendTransaction']
    const bytes = new Uint8Array([1, 2, 3])
    const [output] = await send.signAndSendTransaction({ account: standard.wallet.accounts[0]!, transaction: bytes, chain: 'solana:mainnet' })
    expect(bs58.encode(output!.signature)).toBe(signature)
    expect(sent).toEqual([[address, bytes]])
    const account = standard.wallet.accounts[0]!
    await (standard.wallet.features['standard:disconnect'] as Features['standard:disconnect']).disconnect()
    await expect(send.signAndSendTransaction({ account, transaction: bytes, chain: 'solana:mainnet' })).rejects.toThrow('Wallet is not currently connected')
    expect(sent).toHaveLength(1)
  })
})

describe("the wallet-standard chains and where each sends", () => {
  it("declares localnet only when a configured cluster is on this machine, and sends each chain to its cluster's node", async () => {
    const { rpcUrlOfStandardChain, standardChainsOf } = await import('../../../core/client/wallets/solanaClusters.js')
    expect(standardChainsOf([])).toEqual(['solana:mainnet', 'solana:devnet', 'solana:testnet'])
    const local = [{ name: 'mainnet-beta' as const, rpcUrl: 'http://127.0.0.1:8899' }]
    expect(standardChainsOf(local)).toEqual(['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'])
    expect(rpcUrlOfStandardChain('solana:localnet', local)).toBe('http://127.0.0.1:8899')
    expect(rpcUrlOfStandardChain('solana:localnet', [])).toBeNull()
    expect(rpcUrlOfStandardChain('solana:mainnet', local)).toBe('http://127.0.0.1:8899')
    expect(rpcUrlOfStandardChain('solana:devnet', local)).toBe('https://api.devnet.solana.com')
    expect(rpcUrlOfStandardChain('solana:unknown', local)).toBeNull()
  })

  it('refuses a send to a chain the wallet does not declare, sending nothing', async () => {
    const sent: unknown[] = []
    const standard = createSolanaStandardWallet(async () => new Uint8Array(64), { signTransaction: async () => new Uint8Array(), signAndSendTransaction: async (...args) => (sent.push(args), '1') }, undefined, { name, standardIcon })
    standard.setAddresses([Keypair.generate().publicKey.toBase58()])
    const send = standard.wallet.features['solana:signAndSendTransaction'] as Features['solana:signAndSendTransaction']
    await expect(send.signAndSendTransaction({ account: standard.wallet.accounts[0]!, transaction: new Uint8Array([1]), chain: 'solana:localnet' })).rejects.toThrow('The wallet does not reach solana:localnet')
    expect(sent).toEqual([])
  })
})
