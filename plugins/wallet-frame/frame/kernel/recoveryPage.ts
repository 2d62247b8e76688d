import { frameEvents, type FrameEvent } from '../../channel/frameProtocol.js'
import { frameCall } from '../frameApi.js'
import { FrameFailure } from '../frameFailure.js'
import type { FrameHandler } from '../serveFrame.js'
import type { WalletVault } from '../vault/walletVault.js'
import { frameData } from './frameHalf.js'
import type { RecoveryHalf, RecoveryMethodHalf, RecoveryPage } from './recoveryHalf.js'

/** The recovery methods' halves on this page (the page's settings, written by the server): module path and settings by method. */
export interface RecoveryHalfPaths {
  methods: Readonly<Record<string, string>>
  settings?: Readonly<Record<string, unknown>>
}

/** A module path the page may load: on this origin (script-src 'self' holds the browser to the same). */
const sameOrigin = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//')

/**
 * The recovery methods' halves, each imported when a request for one of its methods first arrives (a user who sets a
 * password never loads the cloud code). A half that failed to load is tried again at the next request.
 */
export function lazyRecoveryHalves(paths: RecoveryHalfPaths, load: (path: string) => Promise<{ default?: RecoveryHalf }> = (path) => import(/* @vite-ignore */ path)) {
  const loaded = new Map<string, Promise<RecoveryHalf>>()
  return async (method: string): Promise<RecoveryMethodHalf | undefined> => {
    const path = Object.hasOwn(paths.methods, method) ? paths.methods[method] : undefined
    if (!sameOrigin(path)) return undefined
    let half = loaded.get(path)
    if (!half) {
      half = load(path).then((module) => {
        if (!module.default?.methods || typeof module.default.methods !== 'object') throw new Error(`${path} has no recovery half`)
        return module.default
      })
      loaded.set(path, half)
      half.catch(() => loaded.delete(path))
    }
    const found = (await half).methods[method]
    return found && typeof found.setRecovery === 'function' && typeof found.recover === 'function' ? found : undefined
  }
}

/** What the recovery page's handlers need: its document, the vault, the app and the methods' halves. */
export interface RecoveryPageOptions {
  doc: Document
  vault: WalletVault
  appName: string
  methodHalf(method: string): Promise<RecoveryMethodHalf | undefined>
  settings?: Readonly<Record<string, unknown>>
}

/**
 * The visible recovery page's events (the kernel's side of it). set-recovery and recover name a `recoveryMethod`
 * (default 'user-passcode'); the page loads that method's half and lets it run its screens over a RecoveryPage bound
 * to this request's wallet and token: the half obtains the key (a password, a cloud file), the vault does the rest.
 * Answers carry the address and the method only; a method no loaded plugin offers is refused.
 */
export function recoveryPageHandlers(options: RecoveryPageOptions): Partial<Record<FrameEvent, FrameHandler>> {
  const { doc, vault } = options
  const start = async (raw: unknown, unable: string) => {
    const { accessToken, address, recoveryMethod } = frameData(raw)
    const method = recoveryMethod === undefined ? 'user-passcode' : recoveryMethod
    if (typeof method !== 'string') throw new FrameFailure('invalid_request_arguments', 'Invalid recovery method')
    let half: RecoveryMethodHalf | undefined
    try {
      half = await options.methodHalf(method)
    } catch {
      throw new FrameFailure('error', unable)
    }
    if (!half) throw new FrameFailure('invalid_request_arguments', unable)
    const page: RecoveryPage = {
      document: doc,
      appId: vault.target.appId,
      appName: options.appName,
      method,
      settings: options.settings && Object.hasOwn(options.settings, method) ? options.settings[method] : undefined,
      setRecovery: async (source) => {
        await vault.setRecovery(address, source, accessToken)
      },
      recoverWithKey: async (source) => {
        await vault.recoverWithKey(address, source, accessToken)
      },
      call: (call, input) => frameCall(vault.target, call, input, accessToken),
    }
    return { half, page, answer: { address, recoveryMethod: method } }
  }
  return {
    [frameEvents.setRecovery]: async (raw) => {
      const { half, page, answer } = await start(raw, 'Unable to set recovery on wallet')
      await half.setRecovery(page)
      return answer
    },
    [frameEvents.recover]: async (raw) => {
      const { half, page, answer } = await start(raw, 'Unable to recover wallet')
      await half.recover(page)
      return answer
    },
  }
}
