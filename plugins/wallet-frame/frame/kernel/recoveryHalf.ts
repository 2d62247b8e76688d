import type { ApiCallDef } from '../../../../core/client/apiCallDef.js'
import type { CallInput, CallOutput } from '../frameApi.js'
import type { RecoveryKeySource } from '../recovery/recoveryKeySource.js'

/**
 * What the recovery page's kernel gives a recovery method's half for one request (set or recover) on one wallet: the
 * page to draw its screens in, the vault's two key-source operations (the vault makes, seals, checks and stores the
 * share; the half only obtains the key) and the API the frame is configured with. The access token and the address stay
 * in the kernel; nothing here hands out a share or the wallet's secret.
 */
export interface RecoveryPage {
  /** The recovery page's document: the half draws its screens in its body (the page's stylesheet's classes). */
  readonly document: Document
  readonly appId: string
  /** The app's name (e.g. a downloaded file's name). */
  readonly appName: string
  /** The `recoveryMethod` of this request. */
  readonly method: string
  /** What the method's server half tells the page (`frame.recovery.settings`: public data only), or undefined. */
  readonly settings: unknown
  /** Sets user-owned recovery on the request's wallet with the key `source` makes (vault.setRecovery). */
  setRecovery(source: RecoveryKeySource): Promise<void>
  /** Recovers the request's wallet on this device with the key `source` gives back (vault.recoverWithKey). */
  recoverWithKey(source: RecoveryKeySource): Promise<void>
  /** POSTs to one of the API's routes with the request's access token and this device's proof (FrameFailure if refused). */
  call<C extends ApiCallDef>(call: C, input: CallInput<C>): Promise<CallOutput<C>>
}

/** One recovery method's screens in the recovery page. Each resolves once the user is done, or throws FrameFailure. */
export interface RecoveryMethodHalf {
  /** Runs the method's setting screens until the user closes them with recovery set (a failure: FrameFailure). */
  setRecovery(page: RecoveryPage): Promise<void>
  /** Runs the method's recovery screens until the wallet is recovered on this device. */
  recover(page: RecoveryPage): Promise<void>
}

/**
 * A recovery method plugin's frame half (`plugins/<id>/frame.ts`, its default export): its methods by `recoveryMethod`.
 * Its server half declares it with `frame: { events: [], entry, recovery: { methods } }`; the recovery page imports it
 * only when a request for one of those methods arrives.
 */
export interface RecoveryHalf {
  methods: Record<string, RecoveryMethodHalf>
}

/** Declares a recovery method's frame half (types only: the recovery page's kernel calls it). */
export function defineRecoveryHalf(half: RecoveryHalf): RecoveryHalf {
  return half
}
