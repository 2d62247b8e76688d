// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { runCloudFlow } from './cloudView.js'

const byId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!
const button = (id: string) => byId(id) as HTMLButtonElement
const title = () => document.querySelector('h1')?.textContent
const tick = () => new Promise((r) => setTimeout(r, 0))
const fail = () => ({ title: 'Recovery with Google Drive unsuccessful', text: 'Pick the account tied to the backup' })

describe('the cloud backup screens in the wallet frame', () => {
  it('backup: confirm → progress → Success; Close answers true', async () => {
    let started = 0
    let finish!: () => void
    const done = runCloudFlow(document, { provider: 'Google Drive', kind: 'backup', run: () => (started++, new Promise<void>((r) => (finish = r))), describe: fail })
    expect(title()).toBe('Back up with Google Drive')
    button('foyer-cloud-continue').click()
    // run() starts in the click's task (the popup opens there).
    expect(started).toBe(1)
    expect(title()).toBe('Backing up with Google Drive…')
    finish()
    await tick()
    expect(title()).toBe('Success')
    button('foyer-cloud-close').click()
    expect(await done).toBe(true)
  })

  it('recover: a failure shows its title and text with Try again, which confirms again; success resolves at once', async () => {
    let tries = 0
    const done = runCloudFlow(document, {
      provider: 'iCloud',
      kind: 'recover',
      run: async () => {
        if (++tries === 1) throw new Error('missing')
      },
      describe: fail,
    })
    expect(title()).toBe('Recover with iCloud')
    button('foyer-cloud-continue').click()
    await tick()
    expect(title()).toBe('Recovery with Google Drive unsuccessful')
    expect(byId('foyer-cloud-error').textContent).toBe('Pick the account tied to the backup')
    expect(document.querySelector('[data-testid="foyer-cloud-close"]')).toBeNull()
    button('foyer-cloud-retry').click()
    expect(title()).toBe('Recover with iCloud')
    button('foyer-cloud-continue').click()
    expect(await done).toBe(true)
    expect(tries).toBe(2)
  })

  it('backup: Close after a failure answers false', async () => {
    const done = runCloudFlow(document, { provider: 'iCloud', kind: 'backup', run: async () => Promise.reject(new Error('x')), describe: () => ({ title: 'Back up with iCloud unsuccessful', text: 't' }) })
    button('foyer-cloud-continue').click()
    await tick()
    expect(title()).toBe('Back up with iCloud unsuccessful')
    button('foyer-cloud-close').click()
    expect(await done).toBe(false)
  })
})
