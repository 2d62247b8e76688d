import { actions, button, errorLine, page, text } from '../../wallet-frame/frame.js'

// The cloud backup screens (spec §2 'Recovery with cloud backup'), drawn in the wallet frame's recovery page like the
// password screens: confirm → progress → success, or the error with retry. The confirm button is the frame's own, so
// the login popup opens from a click in the frame.

/** The cloud methods' names on screen. */
export const cloudProviderNames = { 'google-drive': 'Google Drive', icloud: 'iCloud' } as const
export type CloudProviderName = (typeof cloudProviderNames)[keyof typeof cloudProviderNames]

/** The spec's error titles (§8). */
export const cloudTexts = {
  backupTitle: (p: CloudProviderName) => `Back up with ${p}`,
  recoverTitle: (p: CloudProviderName) => `Recover with ${p}`,
  backupFailed: (p: CloudProviderName) => `Back up with ${p} unsuccessful`,
  recoverFailed: (p: CloudProviderName) => `Recovery with ${p} unsuccessful`,
  recoverHint: (p: CloudProviderName) => `Make sure you sign in to the ${p} account your backup was made with, then try again.`,
}

/** What a cloud flow does once the user confirms; rejects with the text to show under the error title. */
export interface CloudFlowOptions {
  provider: CloudProviderName
  kind: 'backup' | 'recover'
  /** Called in the confirm click's task (it opens the popup before its first await). */
  run(): Promise<void>
  /** The error step's title and text for a failure of `run`. */
  describe(error: unknown): { title: string; text: string }
}

/**
 * Runs the cloud screens until done: a backup resolves true when the user closes 'Success' (false: closed after an
 * error); a recovery resolves once the wallet is recovered (an error offers 'Try again' until it works).
 */
export function runCloudFlow(doc: Document, options: CloudFlowOptions): Promise<boolean> {
  const { provider, kind } = options
  return new Promise<boolean>((done) => {
    const finish = (ok: boolean) => {
      doc.body.replaceChildren()
      done(ok)
    }
    const confirm = () => {
      const box = page(doc, kind === 'backup' ? cloudTexts.backupTitle(provider) : cloudTexts.recoverTitle(provider), 'foyer-cloud-confirm')
      const line = text(
        doc,
        kind === 'backup'
          ? `Your wallet's recovery key will be saved in your ${provider}. Only you can reach it, with your ${provider} sign-in.`
          : `Sign in to ${provider} to get your wallet's recovery key back on this device.`,
      )
      const go = button(doc, kind === 'backup' ? 'Confirm' : 'Continue', 'foyer-cloud-continue')
      go.onclick = () => {
        go.disabled = true
        // run() opens the popup synchronously: this must stay in the click's task.
        const running = options.run()
        progress()
        running.then(
          () => (kind === 'backup' ? success() : finish(true)),
          (error: unknown) => failed(options.describe(error)),
        )
      }
      box.append(line, actions(doc, go))
    }
    const progress = () => {
      const box = page(doc, kind === 'backup' ? `Backing up with ${provider}…` : `Recovering with ${provider}…`, 'foyer-cloud-progress')
      box.append(text(doc, `Finish signing in to ${provider} in the window that opened.`, { role: 'status' }))
    }
    const success = () => {
      const box = page(doc, 'Success', 'foyer-cloud-success')
      const close = button(doc, 'Close', 'foyer-cloud-close')
      close.onclick = () => finish(true)
      box.append(text(doc, `Your wallet is now backed up with ${provider}.`, { role: 'status' }), actions(doc, close))
      close.focus()
    }
    const failed = ({ title, text: message }: { title: string; text: string }) => {
      const box = page(doc, title, 'foyer-cloud-failed')
      const line = errorLine(doc, 'foyer-cloud-error')
      line.textContent = message
      line.classList.add('foyer-text')
      const retry = button(doc, 'Try again', 'foyer-cloud-retry')
      retry.onclick = confirm
      const buttons = actions(doc, retry)
      if (kind === 'backup') {
        const close = button(doc, 'Close', 'foyer-cloud-close', false)
        close.onclick = () => finish(false)
        buttons.append(close)
      }
      box.append(line, buttons)
    }
    confirm()
  })
}
