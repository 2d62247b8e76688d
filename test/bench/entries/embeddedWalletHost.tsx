// The host the embedded-wallet benchmark (test/bench/embeddedWallet.mjs) loads in Chromium: e-mail login and the
// embedded wallet (never created at login), with the headless e-mail login, createWallet, signMessage and logout on
// window.foyerWalletBench, so the page times the calls itself. It also records, in the page's own clock
// (performance.now(), from navigation start): each request to the wallet frame and its answer on the frame's
// MessagePort, when the hidden frame is mounted and when its `foyer:iframe:ready` handshake arrives, and when the
// kernel is first ready with a signed-in user. With ?sign_at_login=1 it signs a message (wallet UIs off) at that
// moment: the wallet's first use after a reload.
// With ?mfa=1 it also loads the MFA hub headless (noPromptOnMfaRequired) and the TOTP method: `mfa` on
// window.foyerWalletBench enrolls TOTP through the plugin's calls and times a signMessage that the server sends through
// a verification (onMfaRequired → useMfa().submit → the retried sign). `kdf` times the wallet frame's password KDF
// (derivePasswordKey: argon2id with the wallet's parameters, hash-wasm) in this page.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider, useFoyer, useFoyerKernel, type FoyerActions } from 'foyer'
import { apiClient } from 'foyer/core'
import { email, useLoginWithEmail } from 'foyer/plugins/email'
import { embeddedWallet, embeddedWalletsOf } from 'foyer/plugins/embedded-wallet'
import { mfa, useMfa, useRegisterMfaListener } from 'foyer/plugins/mfa'
import { mfaTotp, totpApi } from 'foyer/plugins/mfa-totp'
// The frame's own KDF (not a public export of the plugin): the same function and parameters the frame runs.
import { deriveOprfPasswordKey, derivePasswordKey, newOprfPasswordKdf, newPasswordKdf } from '../../../plugins/recovery-password/frame/passwordKey.js'
// The frame's device proof and the password's OPRF (client halves; the server's evaluation is timed in server.ts).
import { deviceProof, newDeviceKeyPair } from '../../../plugins/wallet-frame/frame/keys/deviceJws.js'
import { oprfBlind, oprfBlindEvaluate, oprfFinalize, randomOprfScalar } from '../../../plugins/recovery-password/custody/recoveryOprf.js'
// The frame's handshake message (frameProtocol.ts); not a public export of the plugin.
const FRAME_READY = 'foyer:iframe:ready'

/** One request to the frame and its answer. */
interface FrameExchange {
  event: string
  sentAt: number
  answeredAt: number | null
  error: boolean
}

declare global {
  interface Window {
    foyerWalletBench: {
      /** When `ready` and `authenticated` first held together in this page load. */
      signedInAt: number | null
      /** When the hidden wallet frame was put in the page, and when its handshake arrived. */
      frameMountedAt: number[]
      frameReadyAt: number[]
      exchanges: FrameExchange[]
      /** The sign ?sign_at_login=1 starts at `signedInAt`. */
      firstSign: { startedAt: number; endedAt: number | null; error: string | null } | null
      actions: {
        sendCode: (args: { email: string }) => Promise<void>
        loginWithCode: (args: { code: string }) => Promise<void>
        createWallet: FoyerActions['createWallet']
        signMessage: FoyerActions['signMessage']
        logout: () => Promise<void>
      } | null
      /** Durations (ms) of `runs` password KDFs in a row (a fresh salt each), the first one compiling the wasm. */
      kdf: (runs: number) => Promise<number[]>
      /** Durations (ms): making one device proof (ES256 JWS, WebCrypto), and a password unlock's work in the page. */
      custody: (runs: number) => Promise<{ proof: number[]; unlock: number[] }>
      /** With ?mfa=1. */
      mfa: {
        enrollInit: () => Promise<{ secret: string }>
        enroll: (code: string) => Promise<void>
        /** signMessage (wallet UIs off) answering the verification with `code` the moment it is asked for. */
        timedSign: (message: string, code: string) => Promise<MfaSignTiming>
      } | null
    }
  }
}

/** Page times (performance.now()) of one signMessage through a verification. */
interface MfaSignTiming {
  startedAt: number
  /** onMfaRequired heard (the host's 'Enter verification code' moment); null if the sign asked for none. */
  promptedAt: number | null
  /** useMfa().init('totp') answered and submit called; submit resolved (verify call done). */
  submittedAt: number | null
  verifiedAt: number | null
  endedAt: number
  signature: string
}

const SIGN_OFF_SCREEN = { uiOptions: { showWalletUIs: false } }

function App() {
  const foyer = useFoyerKernel()
  const { ready, authenticated, user, createWallet, signMessage, logout } = useFoyer()
  const { sendCode, loginWithCode } = useLoginWithEmail()
  const bench = window.foyerWalletBench
  bench.actions = { sendCode, loginWithCode, createWallet, signMessage, logout }
  // Once per page load, on the kernel's own signals (not on a later React render).
  useState(() => {
    const check = () => {
      if (bench.signedInAt !== null || !foyer.$ready.peek() || foyer.$session.peek().status !== 'authenticated') return
      bench.signedInAt = performance.now()
      if (new URLSearchParams(location.search).get('sign_at_login') !== '1') return
      if (embeddedWalletsOf(foyer.$session.peek().user, 'ethereum').length === 0) return
      const sign = (bench.firstSign = { startedAt: performance.now(), endedAt: null as number | null, error: null as string | null })
      const actions = foyer.actions() as unknown as FoyerActions
      actions.signMessage({ message: 'Foyer bench: first sign' }, SIGN_OFF_SCREEN).then(
        () => (sign.endedAt = performance.now()),
        (error: unknown) => ((sign.endedAt = performance.now()), (sign.error = String(error))),
      )
    }
    foyer.$ready.subscribe(check)
    foyer.$session.subscribe(check)
    return null
  })
  return (
    <p data-ready={String(ready)} data-authenticated={String(authenticated)}>
      {user ? `${embeddedWalletsOf(user).length} embedded wallets` : 'signed out'}
    </p>
  )
}

const totpCalls = apiClient('mfa-totp', totpApi)

/** The ?mfa=1 handles: TOTP enrollment and the timed sign through a verification. */
function MfaBench() {
  const foyer = useFoyerKernel()
  const { signMessage } = useFoyer()
  const mfaHooks = useMfa()
  const [pending] = useState(() => ({ current: null as null | ((methods: string[]) => void) }))
  useRegisterMfaListener({ onMfaRequired: (methods) => pending.current?.(methods) })
  window.foyerWalletBench.mfa = {
    enrollInit: () => totpCalls.enrollInit(foyer, {}),
    enroll: async (code) => foyer.session.setUser(await totpCalls.enroll(foyer, { mfaCode: code })),
    timedSign: async (message, code) => {
      const timing: Omit<MfaSignTiming, 'endedAt' | 'signature'> = { startedAt: performance.now(), promptedAt: null, submittedAt: null, verifiedAt: null }
      let failed: unknown = null
      pending.current = () => {
        timing.promptedAt = performance.now()
        // The challenge (the modal starts it as 'Enter verification code' shows), then the code at once.
        mfaHooks
          .init('totp')
          .then(() => {
            timing.submittedAt = performance.now()
            return mfaHooks.submit('totp', code)
          })
          .then(
            () => (timing.verifiedAt = performance.now()),
            (error: unknown) => ((failed = error), void mfaHooks.cancel()),
          )
      }
      try {
        const signature = await signMessage({ message }, SIGN_OFF_SCREEN)
        return { ...timing, endedAt: performance.now(), signature }
      } catch (error) {
        throw new Error(`the sign failed: ${String(failed ?? error)}`)
      } finally {
        pending.current = null
      }
    },
  }
  return null
}

async function timeKdf(runs: number) {
  const out: number[] = []
  for (let i = 0; i < runs; i++) {
    const kdf = newPasswordKdf()
    const started = performance.now()
    await derivePasswordKey('correct horse battery staple', kdf)
    out.push(performance.now() - started)
  }
  return out
}

/**
 * The frame's work per custody call (a device proof: SHA-256 of the token + an ECDSA P-256 signature with the
 * non-extractable key) and per password unlock (blind, the evaluation — the server's ristretto255 scalar
 * multiplication, done here with a random key to time it in the browser too — finalize, argon2id into 64 bytes).
 */
async function timeCustody(runs: number) {
  const pair = await newDeviceKeyPair()
  const token = 'e'.repeat(700)
  const proof: number[] = []
  const unlock: number[] = []
  const key = randomOprfScalar()
  const kdf = newOprfPasswordKdf()
  const input = new TextEncoder().encode('correct-horse-battery-9')
  for (let i = 0; i < runs; i++) {
    let started = performance.now()
    await deviceProof(pair, { method: 'POST', url: 'https://auth.example.com/api/v1/embedded_wallets/auth_share', accessToken: token, nowMs: Date.now() })
    proof.push(performance.now() - started)
    started = performance.now()
    const { blind, blindedElement } = oprfBlind(input)
    await deriveOprfPasswordKey(oprfFinalize(input, blind, oprfBlindEvaluate(key, blindedElement)), kdf)
    unlock.push(performance.now() - started)
  }
  return { proof, unlock }
}

/** Records the frame's mount, handshake and port messages (installed before the kernel starts). */
function record(bench: Window['foyerWalletBench']) {
  const open = new Map<string, FrameExchange>()
  const proto = MessagePort.prototype as unknown as { postMessage: (message: unknown, ...rest: unknown[]) => void }
  const send = proto.postMessage
  proto.postMessage = function (this: MessagePort, message: unknown, ...rest: unknown[]) {
    const m = message as { event?: unknown; id?: unknown } | null
    if (m && typeof m === 'object' && typeof m.event === 'string' && typeof m.id === 'string') {
      const exchange = { event: m.event, sentAt: performance.now(), answeredAt: null, error: false }
      open.set(m.id, exchange)
      bench.exchanges.push(exchange)
    }
    return send.call(this, message, ...rest)
  }
  const descriptor = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() {
      return descriptor.get!.call(this)
    },
    set(listener: ((event: MessageEvent) => void) | null) {
      const wrapped =
        listener &&
        function (this: MessagePort, event: MessageEvent) {
          const answer = event.data as { id?: unknown; error?: unknown } | null
          const exchange = answer && typeof answer === 'object' && typeof answer.id === 'string' ? open.get(answer.id) : undefined
          if (exchange) {
            exchange.answeredAt = performance.now()
            exchange.error = 'error' in answer!
            open.delete(answer!.id as string)
          }
          return listener.call(this, event)
        }
      descriptor.set!.call(this, wrapped)
    },
  })
  addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === FRAME_READY) bench.frameReadyAt.push(performance.now())
  })
  new MutationObserver((mutations) => {
    for (const mutation of mutations)
      for (const node of mutation.addedNodes)
        if (node instanceof HTMLIFrameElement && /\/embedded-wallets\?/.test(node.src)) bench.frameMountedAt.push(performance.now())
  }).observe(document.body, { childList: true, subtree: true })
}

/** Renders the host (the package marks modules side-effect free, so the page calls this). */
export function mount() {
  const bench: Window['foyerWalletBench'] = { signedInAt: null, frameMountedAt: [], frameReadyAt: [], exchanges: [], firstSign: null, actions: null, kdf: timeKdf, custody: timeCustody, mfa: null }
  window.foyerWalletBench = bench
  record(bench)
  const query = new URLSearchParams(location.search)
  const withMfa = query.get('mfa') === '1'
  const plugins = [email(), embeddedWallet({ ethereum: { createOnLogin: 'off' } }), ...(withMfa ? [mfa({ noPromptOnMfaRequired: true }), mfaTotp()] : [])]
  createRoot(document.getElementById('root')!).render(
    <FoyerProvider appId={query.get('app')!} apiUrl={query.get('api')!} plugins={plugins}>
      <App />
      {withMfa && <MfaBench />}
    </FoyerProvider>,
  )
}
