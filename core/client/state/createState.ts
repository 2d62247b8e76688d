import { computed, signal } from '@preact/signals-core'
import type { CaptchaStatus } from '../captcha.js'
import type { BaseError } from '../../errors/index.js'
import type { ModalState, ResolvedConfig, SessionState } from '../types.js'

/** The modal's resting state. */
export const closedModal: ModalState = { open: false, intent: null, stack: [], error: null, options: {} }

/** Creates the kernel's signals. The only place signals are made. */
export function createState() {
  const $config = signal<ResolvedConfig | null>(null)
  const $session = signal<SessionState>({ status: 'loading', user: null, accessToken: null, identityToken: null })
  const $modal = signal<ModalState>(closedModal)
  const $configLoaded = signal(false)
  // Why the app config could not be loaded (server unreachable, origin not allowed…); null once it loads.
  const $configError = signal<BaseError | null>(null)
  const $ready = computed(() => $configLoaded.value && $session.value.status !== 'loading')
  // What the captcha plugin reported; `$captchaStatus` says 'disabled' whenever the app has captcha off.
  const $captcha = signal<Exclude<CaptchaStatus, 'disabled'>>('ready')
  const $captchaStatus = computed<CaptchaStatus>(() => ($config.value?.captcha.enabled ? $captcha.value : 'disabled'))
  return { $config, $configError, $session, $modal, $configLoaded, $ready, $captcha, $captchaStatus }
}

/** The kernel's signals. */
export type FoyerState = ReturnType<typeof createState>
