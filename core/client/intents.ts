/** A sign-in flow's reason for the modal: what host callbacks (`useLogin`, `useLinkAccount`…) are registered for. */
export type Intent = 'login' | 'link' | 'update'

/**
 * Every reason the modal can be open for: the sign-in flows, and the requests that wait on a screen (a wallet to
 * connect, a signature, a transaction, an MFA code, a payment, a recovery, an export). Plugins may add their own
 * (the `intents` slot) with an exit error.
 */
export type ModalIntent = KernelIntent | (string & {})

/** The intents the kernel knows (with their exits in `intentExits`). */
export type KernelIntent = Intent | 'connect' | 'sign' | 'transaction' | 'mfa' | 'fund' | 'recovery' | 'export'

/** What a flow ends with when the user closes the modal before it finished: an error code and its text (i18n key or literal). */
export interface IntentExit {
  code: string
  text: string
}

/** The kernel's intents and their exit errors (the spec's texts; sign and transaction are EIP-1193's 4001 rejection). */
export const intentExits: Readonly<Record<KernelIntent, IntentExit>> = {
  login: { code: 'EXITED_AUTH_FLOW', text: 'flow.exitedLogin' },
  link: { code: 'EXITED_LINK_FLOW', text: 'flow.exitedLink' },
  update: { code: 'EXITED_UPDATE_FLOW', text: 'flow.exitedUpdate' },
  connect: { code: 'EXITED_CONNECT_FLOW', text: 'flow.exitedConnect' },
  sign: { code: 'USER_REJECTED_REQUEST', text: 'flow.rejectedRequest' },
  transaction: { code: 'USER_REJECTED_REQUEST', text: 'flow.rejectedRequest' },
  mfa: { code: 'MFA_CANCELED', text: 'flow.mfaCanceled' },
  fund: { code: 'EXITED_FUNDING_FLOW', text: 'flow.exitedFunding' },
  recovery: { code: 'EXITED_RECOVERY_FLOW', text: 'flow.exitedRecovery' },
  export: { code: 'EXITED_EXPORT_FLOW', text: 'flow.exitedExport' },
}

/** The exit of a request opened without an intent (the modal was only showing something). */
export const noIntentExit: IntentExit = { code: 'MODAL_CLOSED', text: 'flow.modalClosed' }

/** Whether the modal's intent is a sign-in flow (its exit is reported to the host's login/link/update callbacks). */
export const isAuthIntent = (intent: ModalIntent | null | undefined): intent is Intent => intent === 'login' || intent === 'link' || intent === 'update'
