// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { fakeSolanaWallet } from '../../test/kit/fakeSolanaWallet.js'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { discoverSolanaWallets } from './discoverSolanaWallets.js'
import { SIGN_MESSAGE_REQUIRED, walletStandardConnector } from './walletStandardConnector.js'
import { Keypair, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { solanaWalletClientType } from './solanaWallets.js'
import { solana } from './index.js'

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
const fakeWallet = fakeSolanaWallet

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** Starts discovery and answers a getter for the latest connector list. */
function discover(options?: Parameters<typeof discoverSolanaWallets>[1]) {
  let latest: WalletConnector[] = []
  cleanups.push(discoverSolanaWallets((list) => (latest = list), options))
  return () => latest
}
const register = (wallet: Wallet) => {
  const unregister = getWallets().register(wallet)
  cleanups.push(unregister)
  return unregister
}

describe('solana connector discovery', () => {
  it('lists a registered wallet-standard Solana wallet, and the missing Phantom with its install URL', () => {
    const list = discover()
    register(fakeWallet('Backpack').wallet)
    const backpack = list().find((c) => c.name === 'Backpack')!
    expect(backpack).toMatchObject({ chain: 'solana', connectorType: 'solana_adapter', walletClientType: 'backpack', installed: true, icon: ICON })
    const phantom = list().find((c) => c.walletClientType === 'phantom')!
    expect(phantom).toMatchObject({ installed: false, installUrl: 'https://phantom.app/download', name: 'Phantom' })
  })

  it('an installed Phantom replaces the placeholder under the same connector id', () => {
    const list = discover()
    const placeholderId = list().find((c) => c.walletClientType === 'phantom')!.id
    register(fakeWallet('Phantom').wallet)
    const phantoms = list().filter((c) => c.walletClientType === 'phantom')
    expect(phantoms).toHaveLength(1)
    expect(phantoms[0]).toMatchObject({ id: placeholderId, installed: true })
  })

  it('picks up wallets that registered before discovery through the window event protocol', () => {
    const { wallet } = fakeWallet('Solflare')
    // The wallet side of the protocol: announce through the window event with a register callback.
    window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: (api: { register(w: Wallet): () => void }) => cleanups.push(api.register(wallet)) }))
    const list = discover()
    expect(list().some((c) => c.name === 'Solflare' && c.installed)).toBe(true)
  })

  it('ignores wallets without a solana chain or without standard:connect, and drops unregistered ones', () => {
    const list = discover({ namedWallets: [] })
    register(fakeWallet('EvmOnly', { chains: ['eip155:1'] }).wallet)
    const noConnect = fakeWallet('NoConnect').wallet
    delete (noConnect.features as Record<string, unknown>)['standard:connect']
    register(noConnect)
    const unregister = register(fakeWallet('Glow').wallet)
    expect(list().map((c) => c.name)).toEqual(['Glow'])
    unregister()
    expect(list()).toEqual([])
  })

  it("leaves out the page's own embedded wallet (marked isFoyerWallet): it is the user's wallet, not one to connect", () => {
    const list = discover({ namedWallets: [] })
    register(Object.assign(fakeWallet('Foyer Wallet').wallet, { isFoyerWallet: true }))
    register(fakeWallet('Glow').wallet)
    expect(list().map((c) => c.name)).toEqual(['Glow'])
  })

  it('maps wallet names to the spec ids, else a slug', () => {
    expect(solanaWalletClientType('Phantom')).toBe('phantom')
    expect(solanaWalletClientType('Coinbase Wallet')).toBe('coinbase_wallet')
    expect(solanaWalletClientType('OKX Wallet')).toBe('okx_wallet')
    expect(solanaWalletClientType('Brave Wallet')).toBe('brave_wallet')
    expect(solanaWalletClientType('Backpack')).toBe('backpack')
    expect(solanaWalletClientType('  My Cool Wallet! ')).toBe('my_cool_wallet')
  })
})

describe('solana connector', () => {
  it('connects through standard:connect and signs with solana:signMessage, answering a base58 ed25519 signature', async () => {
    const list = discover()
    const fake = fakeWallet('Backpack')
    register(fake.wallet)
    const connector = list().find((c) => c.name === 'Backpack')!
    expect(await connector.getAccounts()).toEqual([])
    const { address, chainId } = await connector.connect()
    expect(address).toBe(fake.account.address)
    expect(chainId).toBe('solana:mainnet')
    expect(await connector.getAccounts()).toEqual([fake.account.address])
    expect(await connector.getChainId()).toBe('solana:mainnet')
    expect(await connector.getProvider()).toBe(fake.wallet)
    const signature = await connector.signMessage(address, 'hello solana')
    expect(bs58.decode(signature)).toHaveLength(64)
    expect(ed25519.verify(bs58.decode(signature), new TextEncoder().encode('hello solana'), fake.publicKey)).toBe(true)
    // Bytes too (useSolanaWallets' signMessage): the raw 64-byte signature.
    const bytes = Uint8Array.from([0, 255, 1, 254])
    const raw = await connector.signMessageBytes!(address, bytes)
    expect(raw).toHaveLength(64)
    expect(ed25519.verify(raw, bytes, fake.publicKey)).toBe(true)
  })

  it('a wallet without solana:signMessage is listed, but connecting fails with the spec text and never prompts', async () => {
    const list = discover()
    const fake = fakeWallet('NoSign', { signMessage: false })
    register(fake.wallet)
    const connector = list().find((c) => c.name === 'NoSign')!
    expect(connector.installed).toBe(true)
    await expect(connector.connect()).rejects.toThrow(SIGN_MESSAGE_REQUIRED)
    expect(fake.calls.connect).toBe(0)
  })

  it('refuses to sign for an address the wallet has not authorised', async () => {
    const list = discover()
    const fake = fakeWallet('Backpack')
    register(fake.wallet)
    const connector = list().find((c) => c.name === 'Backpack')!
    await connector.connect()
    await expect(connector.signMessage('11111111111111111111111111111111', 'x')).rejects.toThrow('Wallet is not currently connected')
    expect(fake.calls.sign).toBe(0)
  })

  it('reports account changes from standard:events, and disconnects through standard:disconnect', async () => {
    const list = discover()
    const fake = fakeWallet('Backpack')
    register(fake.wallet)
    const connector = list().find((c) => c.name === 'Backpack')!
    const seen: string[][] = []
    const off = connector.onAccountsChanged((accounts) => seen.push(accounts))
    await connector.connect()
    await connector.disconnect()
    expect(fake.calls.disconnect).toBe(1)
    off()
    fake.setAccounts([fake.account])
    expect(seen).toEqual([[fake.account.address], []])
  })

  it('disconnect is a no-op for a wallet without standard:disconnect', async () => {
    const list = discover()
    register(fakeWallet('Minimal', { disconnect: false }).wallet)
    await expect(list().find((c) => c.name === 'Minimal')!.disconnect()).resolves.toBeUndefined()
  })

  it('onDisconnect fires when the wallet unregisters', () => {
    const list = discover()
    const unregister = register(fakeWallet('Backpack').wallet)
    let fired = 0
    list().find((c) => c.name === 'Backpack')!.onDisconnect(() => fired++)
    unregister()
    expect(fired).toBe(1)
  })

  it('a not-installed named wallet cannot connect', async () => {
    const phantom = discover()().find((c) => c.walletClientType === 'phantom')!
    await expect(phantom.connect()).rejects.toThrow('Unable to connect to wallet')
  })

  it('the plugin is a connector whose source discovers lazily and stops cleanly', async () => {
    const plugin = solana()
    expect(plugin.kind).toBe('connector')
    register(fakeWallet('Backpack').wallet)
    const updates: WalletConnector[][] = []
    const stop = plugin.connectors().discover((list) => updates.push(list))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(updates.at(-1)?.some((c) => c.name === 'Backpack')).toBe(true)
    stop()
    const count = updates.length
    register(fakeWallet('Later').wallet)
    expect(updates.length).toBe(count)
  })
})

describe('solana connector transactions', () => {
  const BLOCKHASH = bs58.encode(new Uint8Array(32).fill(7))
  const to = Keypair.generate().publicKey

  /** A fake wallet whose account is a web3.js Keypair, with solana:signTransaction / solana:signAndSendTransaction. */
  function transactingWallet(opts: { sign?: boolean; send?: boolean } = {}) {
    const fake = fakeWallet('Phantom')
    const keypair = Keypair.generate()
    const account = { ...fake.account, address: keypair.publicKey.toBase58(), publicKey: keypair.publicKey.toBytes(), chains: ['solana:devnet' as const] }
    const seen = { signed: [] as Array<{ chain?: string; address: string }>, sent: [] as Array<{ chain: string; options?: unknown }>, rejectNext: false }
    const signed = (bytes: Uint8Array) => {
      if (seen.rejectNext) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const tx = VersionedTransaction.deserialize(bytes)
      tx.sign([keypair])
      return { tx, bytes: tx.serialize() }
    }
    const features = fake.wallet.features as Record<string, unknown>
    if (opts.sign !== false) {
      features['solana:signTransaction'] = {
        version: '1.0.0',
        async signTransaction(...inputs: Array<{ account: { address: string }; transaction: Uint8Array; chain?: string }>) {
          return inputs.map((input) => {
            seen.signed.push({ chain: input.chain, address: input.account.address })
            return { signedTransaction: signed(input.transaction).bytes }
          })
        },
      }
    }
    if (opts.send) {
      features['solana:signAndSendTransaction'] = {
        version: '1.0.0',
        async signAndSendTransaction(...inputs: Array<{ account: { address: string }; transaction: Uint8Array; chain: string; options?: unknown }>) {
          return inputs.map((input) => {
            seen.sent.push({ chain: input.chain, options: input.options })
            return { signature: signed(input.transaction).tx.signatures[0]! }
          })
        },
      }
    }
    fake.setAccounts([account])
    return { connector: walletStandardConnector(fake.wallet), keypair, seen }
  }
  const legacy = (from: Keypair) =>
    new Transaction({ feePayer: from.publicKey, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 1000 }))
  const versioned = (from: Keypair) =>
    new VersionedTransaction(
      new TransactionMessage({ payerKey: from.publicKey, recentBlockhash: BLOCKHASH, instructions: [SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 1000 })] }).compileToV0Message(),
    )

  it('signs a legacy Transaction through solana:signTransaction, answering a signed Transaction', async () => {
    const { connector, keypair, seen } = transactingWallet()
    const signed = await connector.signSolanaTransaction!(keypair.publicKey.toBase58(), legacy(keypair))
    expect(signed).toBeInstanceOf(Transaction)
    expect(signed.verifySignatures()).toBe(true)
    expect(signed.signature).toHaveLength(64)
    expect(seen.signed).toEqual([{ chain: 'solana:devnet', address: keypair.publicKey.toBase58() }])
  })

  it('signs a VersionedTransaction, answering a signed VersionedTransaction', async () => {
    const { connector, keypair } = transactingWallet()
    const signed = await connector.signSolanaTransaction!(keypair.publicKey.toBase58(), versioned(keypair))
    expect(signed).toBeInstanceOf(VersionedTransaction)
    expect(signed.version).toBe(0)
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), keypair.publicKey.toBytes())).toBe(true)
  })

  it('sends through solana:signAndSendTransaction on the account chain, answering the base58 signature', async () => {
    const { connector, keypair, seen } = transactingWallet({ send: true })
    const tx = versioned(keypair)
    const signature = await connector.sendSolanaTransaction!(keypair.publicKey.toBase58(), tx, { commitment: 'confirmed', sendRawTransaction: async () => 'unused' })
    expect(bs58.decode(signature)).toHaveLength(64)
    expect(ed25519.verify(bs58.decode(signature), tx.message.serialize(), keypair.publicKey.toBytes())).toBe(true)
    expect(seen.sent).toEqual([{ chain: 'solana:devnet', options: { preflightCommitment: 'confirmed' } }])
    expect(seen.signed).toEqual([])
  })

  it('without signAndSendTransaction, signs and sends the signed bytes over the connection', async () => {
    const { connector, keypair } = transactingWallet()
    const raw: Uint8Array[] = []
    const connection = {
      async sendRawTransaction(bytes: Uint8Array) {
        raw.push(bytes)
        return bs58.encode(Transaction.from(bytes).signature!)
      },
    }
    const signature = await connector.sendSolanaTransaction!(keypair.publicKey.toBase58(), legacy(keypair), connection)
    expect(raw).toHaveLength(1)
    const sent = Transaction.from(raw[0]!)
    expect(sent.verifySignatures()).toBe(true)
    expect(signature).toBe(bs58.encode(sent.signature!))
  })

  it('a legacy Transaction without fee payer or blockhash gets the account and the connection latest blockhash', async () => {
    const { connector, keypair } = transactingWallet()
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: to, lamports: 1 }))
    const raw: Uint8Array[] = []
    await connector.sendSolanaTransaction!(keypair.publicKey.toBase58(), tx, { getLatestBlockhash: async () => ({ blockhash: BLOCKHASH }), sendRawTransaction: async (b: Uint8Array) => (raw.push(b), 'sig') })
    const sent = Transaction.from(raw[0]!)
    expect(sent.feePayer?.toBase58()).toBe(keypair.publicKey.toBase58())
    expect(sent.recentBlockhash).toBe(BLOCKHASH)
    expect(sent.verifySignatures()).toBe(true)
  })

  it('fails with SOLANA_SIGN_TRANSACTION_UNSUPPORTED without the features (or, signing only, without a connection)', async () => {
    const none = transactingWallet({ sign: false })
    const address = none.keypair.publicKey.toBase58()
    await expect(none.connector.signSolanaTransaction!(address, legacy(none.keypair))).rejects.toMatchObject({ code: 'SOLANA_SIGN_TRANSACTION_UNSUPPORTED', message: expect.stringContaining('Unsupported wallet') })
    await expect(none.connector.sendSolanaTransaction!(address, legacy(none.keypair), { sendRawTransaction: async () => 'x' })).rejects.toMatchObject({ code: 'SOLANA_SIGN_TRANSACTION_UNSUPPORTED' })
    const signOnly = transactingWallet()
    await expect(signOnly.connector.sendSolanaTransaction!(signOnly.keypair.publicKey.toBase58(), legacy(signOnly.keypair))).rejects.toMatchObject({ code: 'SOLANA_SIGN_TRANSACTION_UNSUPPORTED' })
    expect(signOnly.seen.signed).toEqual([])
  })

  it('refuses an address the wallet has not authorised, and passes a rejection through unchanged', async () => {
    const { connector, keypair, seen } = transactingWallet({ send: true })
    const stranger = Keypair.generate()
    await expect(connector.signSolanaTransaction!(stranger.publicKey.toBase58(), legacy(stranger))).rejects.toMatchObject({ code: 'WALLET_NOT_CONNECTED', message: expect.stringContaining('Wallet is not currently connected') })
    await expect(connector.sendSolanaTransaction!(stranger.publicKey.toBase58(), legacy(stranger))).rejects.toMatchObject({ code: 'WALLET_NOT_CONNECTED' })
    expect(seen.signed).toEqual([])
    expect(seen.sent).toEqual([])
    seen.rejectNext = true
    await expect(connector.signSolanaTransaction!(keypair.publicKey.toBase58(), legacy(keypair))).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(connector.sendSolanaTransaction!(keypair.publicKey.toBase58(), versioned(keypair))).rejects.toMatchObject({ code: 4001 })
  })
})
