import { describe, expect, it } from 'vitest'
import { appIdOfFramePath, framePageHtml } from './framePage.js'

describe('frame page paths', () => {
  it('the hidden proxy, the export page and the recovery page of an app; nothing else', () => {
    expect(appIdOfFramePath('/apps/app_1/embedded-wallets')).toEqual({ appId: 'app_1', mode: 'proxy' })
    expect(appIdOfFramePath('/apps/app_1/embedded-wallets/export')).toEqual({ appId: 'app_1', mode: 'export' })
    expect(appIdOfFramePath('/apps/app_1/embedded-wallets/recovery')).toEqual({ appId: 'app_1', mode: 'recovery' })
    expect(appIdOfFramePath('/apps/app_1/embedded-wallets/other')).toBeNull()
    expect(appIdOfFramePath('/apps/app_1/embedded-wallets/recovery/')).toBeNull()
  })

  it("the recovery page's settings carry the app's name (the download's file name), escaped", () => {
    const html = framePageHtml({ appId: 'a', apiUrl: 'http://api', allowedOrigins: ['http://host'], mode: 'recovery', appName: 'Acme</script>' }, '/assets/frame-0123456789abcdef.js')
    const json = /<script type="application\/json" id="foyer-frame-config">(.*?)<\/script>/s.exec(html)![1]!
    expect(JSON.parse(json)).toMatchObject({ mode: 'recovery', appName: 'Acme</script>' })
  })
})
