/**
 * A Solana test wallet for Chromium e2e: a wallet-standard wallet registered in the page by the
 * wallet-standard protocol (it dispatches 'wallet-standard:register-wallet' and answers
 * 'wallet-standard:app-ready'), whose ed25519 keypair and signing live in node (@noble/curves) and are
 * reached through page.exposeFunction.
 *
 * Usage:
 *   const wallet = await installSolanaTestWallet(page, { name: 'Foyer Solana Wallet' })   // before page.goto
 *   await page.goto(appUrl)
 *
 * Features: standard:connect (grants access; `silent` answers only if already granted),
 * standard:disconnect, standard:events ('change' with accounts), solana:signMessage (ed25519 over the
 * exact bytes; signedMessage = the message), solana:signTransaction and solana:signAndSendTransaction
 * (legacy or v0 transactions, parsed with @solana/web3.js in node; the wallet's signature goes in its signer
 * slot; signAndSend posts JSON-RPC `sendTransaction` to `rpcUrl`). `signMessage: false` leaves that feature
 * out (a wallet that can't sign in); `transactions: false` leaves out the two transaction features.
 *
 * Node-side control: wallet.address (base58), wallet.publicKey, wallet.authorized, wallet.requests (log),
 * wallet.signedMessages (texts signed), wallet.sentTransactions (base58 signatures of the transactions
 * signAndSendTransaction sent), wallet.rejectNext(feature?) (next call fails as a user rejection, code 4001),
 * wallet.revoke() (the user disconnected the site: change with no accounts).
 */
import type { BrowserContext, Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { VersionedTransaction } from '@solana/web3.js'

export interface SolanaTestWalletOptions {
  name?: string
  icon?: string
  /** 32-byte ed25519 secret key; random when absent. */
  secretKey?: Uint8Array
  /** Include solana:signMessage. Default true. */
  signMessage?: boolean
  /** Access already granted (a returning user). Default false. */
  authorized?: boolean
  /** Include solana:signTransaction and solana:signAndSendTransaction. Default true. */
  transactions?: boolean
  /** The Solana JSON-RPC URL signAndSendTransaction sends to (whatever chain the page names). */
  rpcUrl?: string
}

/** A feature `rejectNext` can make fail as a user rejection. */
export type SolanaTestWalletFeature = 'connect' | 'signMessage' | 'signTransaction' | 'signAndSendTransaction'

export interface SolanaTestWallet {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly authorized: boolean
  readonly requests: string[]
  readonly signedMessages: string[]
  /** Base58 signatures of the transactions signAndSendTransaction sent, in order. */
  readonly sentTransactions: string[]
  rejectNext(feature?: SolanaTestWalletFeature): void
  revoke(): Promise<void>
}

/** A 32×32 data-URI icon (a purple square). */
export const SOLANA_TEST_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="8" fill="#9945ff"/></svg>').toString('base64')

/**
 * The page half, plain JS (no transpiler helpers leak into the page). Bytes cross to node as base64.
 */
const PAGE_SCRIPT = `(function (info) {
  var call = function (op, args) {
    return window.__foyerSolanaWalletRequest(JSON.stringify({ op: op, args: args || {} })).then(function (json) {
      var answer = JSON.parse(json);
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      return answer.result;
    });
  };
  var toB64 = function (bytes) { var s = ''; for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]); return btoa(s); };
  var fromB64 = function (b64) { var s = atob(b64); var out = new Uint8Array(s.length); for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i); return out; };
  var listeners = new Set();
  var accounts = [];
  var chains = ['solana:mainnet', 'solana:devnet'];
  var account = Object.freeze({
    address: info.address,
    publicKey: fromB64(info.publicKey),
    chains: chains,
    features: (info.signMessage ? ['solana:signMessage'] : []).concat(info.transactions ? ['solana:signTransaction', 'solana:signAndSendTransaction'] : []),
  });
  var setAccounts = function (next) {
    accounts = next;
    listeners.forEach(function (fn) { fn({ accounts: accounts }); });
  };
  var features = {
    'standard:connect': {
      version: '1.0.0',
      connect: function (input) {
        return call('connect', { silent: !!(input && input.silent) }).then(function (granted) {
          if (granted && accounts.length === 0) setAccounts([account]);
          return { accounts: accounts };
        });
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: function () { return call('disconnect').then(function () { setAccounts([]); }); },
    },
    'standard:events': {
      version: '1.0.0',
      on: function (event, fn) {
        if (event !== 'change') return function () {};
        listeners.add(fn);
        return function () { listeners.delete(fn); };
      },
    },
  };
  if (info.signMessage) {
    features['solana:signMessage'] = {
      version: '1.0.0',
      signMessage: function () {
        var inputs = Array.prototype.slice.call(arguments);
        return Promise.all(inputs.map(function (input) {
          return call('signMessage', { address: input.account.address, message: toB64(input.message) }).then(function (sig) {
            return { signedMessage: input.message, signature: fromB64(sig), signatureType: 'ed25519' };
          });
        }));
      },
    };
  }
  if (info.transactions) {
    features['solana:signTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: function () {
        var inputs = Array.prototype.slice.call(arguments);
        return Promise.all(inputs.map(function (input) {
          return call('signTransaction', { address: input.account.address, transaction: toB64(input.transaction), chain: input.chain || null }).then(function (signed) {
            return { signedTransaction: fromB64(signed) };
          });
        }));
      },
    };
    features['solana:signAndSendTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: function () {
        var inputs = Array.prototype.slice.call(arguments);
        return Promise.all(inputs.map(function (input) {
          var args = { address: input.account.address, transaction: toB64(input.transaction), chain: input.chain || null, options: input.options || {} };
          return call('signAndSendTransaction', args).then(function (sig) {
            return { signature: fromB64(sig) };
          });
        }));
      },
    };
  }
  var wallet = {
    version: '1.0.0',
    name: info.name,
    icon: info.icon,
    chains: chains,
    features: features,
    get accounts() { return accounts.slice(); },
  };
  window.__foyerSolanaWallet = { setAccounts: function (granted) { setAccounts(granted ? [account] : []); } };
  if (info.authorized) accounts = [account];
  // The wallet-standard registration protocol: announce now, and answer an app that becomes ready later.
  var register = function (api) { api.register(wallet); };
  try {
    window.addEventListener('wallet-standard:app-ready', function (event) { register(event.detail); });
  } catch (e) {}
  try {
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  } catch (e) {}
})`

/** Installs the wallet into `target` (a page, or every page of a context). Call before navigating. */
export async function installSolanaTestWallet(target: Page | BrowserContext, options: SolanaTestWalletOptions = {}): Promise<SolanaTestWallet> {
  const secretKey = options.secretKey ?? ed25519.utils.randomPrivateKey()
  const publicKey = ed25519.getPublicKey(secretKey)
  const address = bs58.encode(publicKey)
  const signMessage = options.signMessage ?? true
  const transactions = options.transactions ?? true
  let authorized = options.authorized ?? false
  const requests: string[] = []
  const signedMessages: string[] = []
  const sentTransactions: string[] = []
  const rejections: Array<string | null> = []
  const pages = (): Page[] => ('pages' in target ? target.pages() : [target])

  const rejected = (op: string) => {
    const at = rejections.findIndex((r) => r === null || r === op)
    if (at < 0) return false
    rejections.splice(at, 1)
    return true
  }

  const unauthorized = JSON.stringify({ error: { code: 4100, message: 'The requested account has not been authorized by the user.' } })

  /** Signs a serialized transaction (legacy or v0) in the wallet's signer slot; answers the signed bytes. */
  const signTransaction = (bytes: Uint8Array): Uint8Array => {
    const tx = VersionedTransaction.deserialize(bytes)
    const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures)
    const index = signers.findIndex((key) => key.toBase58() === address)
    if (index < 0) throw Object.assign(new Error(`The transaction needs no signature from ${address}`), { code: -32602 })
    tx.signatures[index] = ed25519.sign(tx.message.serialize(), secretKey)
    return tx.serialize()
  }

  /** Posts JSON-RPC `sendTransaction` to options.rpcUrl; answers the base58 signature (a node error keeps its code and message). */
  const sendTransaction = async (signed: Uint8Array, sendOptions: Record<string, unknown>): Promise<string> => {
    if (!options.rpcUrl) throw new Error('solanaTestWallet: signAndSendTransaction needs the rpcUrl option (a Solana JSON-RPC URL)')
    const { preflightCommitment, skipPreflight, maxRetries, minContextSlot } = sendOptions
    const config = { encoding: 'base64', ...Object.fromEntries(Object.entries({ preflightCommitment, skipPreflight, maxRetries, minContextSlot }).filter(([, v]) => v !== undefined)) }
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [Buffer.from(signed).toString('base64'), config] }),
    })
    const answer = (await response.json()) as { result?: string; error?: { code: number; message: string } }
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
    if (typeof answer.result !== 'string') throw new Error(`sendTransaction answered no signature (HTTP ${response.status})`)
    return answer.result
  }

  await target.exposeFunction('__foyerSolanaWalletRequest', async (json: string) => {
    try {
      const { op, args } = JSON.parse(json) as { op: string; args: Record<string, unknown> }
      requests.push(op)
      if (rejected(op)) return JSON.stringify({ error: { code: 4001, message: 'User rejected the request.' } })
      switch (op) {
        case 'connect':
          if (!args.silent) authorized = true
          return JSON.stringify({ result: authorized })
        case 'disconnect':
          authorized = false
          return JSON.stringify({ result: null })
        case 'signMessage': {
          if (!signMessage) throw new Error('solana:signMessage is not supported')
          if (!authorized || args.address !== address) return unauthorized
          const message = Buffer.from(String(args.message), 'base64')
          signedMessages.push(message.toString('utf8'))
          return JSON.stringify({ result: Buffer.from(ed25519.sign(message, secretKey)).toString('base64') })
        }
        case 'signTransaction': {
          if (!transactions) throw new Error('solana:signTransaction is not supported')
          if (!authorized || args.address !== address) return unauthorized
          return JSON.stringify({ result: Buffer.from(signTransaction(Buffer.from(String(args.transaction), 'base64'))).toString('base64') })
        }
        case 'signAndSendTransaction': {
          if (!transactions) throw new Error('solana:signAndSendTransaction is not supported')
          if (!authorized || args.address !== address) return unauthorized
          const signed = signTransaction(Buffer.from(String(args.transaction), 'base64'))
          const signature = await sendTransaction(signed, (args.options ?? {}) as Record<string, unknown>)
          sentTransactions.push(signature)
          return JSON.stringify({ result: Buffer.from(bs58.decode(signature)).toString('base64') })
        }
        default:
          return JSON.stringify({ error: { code: 4200, message: `Unsupported operation ${op}` } })
      }
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code
      return JSON.stringify({ error: { code: typeof code === 'number' ? code : -32603, message: (error instanceof Error ? error.message : String(error)).slice(0, 300) } })
    }
  })
  const info = {
    name: options.name ?? 'Foyer Solana Wallet',
    icon: options.icon ?? SOLANA_TEST_WALLET_ICON,
    address,
    publicKey: Buffer.from(publicKey).toString('base64'),
    signMessage,
    transactions,
    authorized,
  }
  await target.addInitScript({ content: `${PAGE_SCRIPT}(${JSON.stringify(info)});` })

  return {
    address,
    publicKey,
    get authorized() {
      return authorized
    },
    requests,
    signedMessages,
    sentTransactions,
    rejectNext(feature) {
      rejections.push(feature ?? null)
    },
    async revoke() {
      authorized = false
      await Promise.all(pages().map((page) => page.evaluate(() => (window as any).__foyerSolanaWallet?.setAccounts(false)).catch(() => {})))
    },
  }
}
