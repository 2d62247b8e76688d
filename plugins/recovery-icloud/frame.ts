// iCloud recovery's frame half: the recovery page loads it when a request for 'icloud' arrives (the server half
// declares it). The key is a random one kept as a record in the private database of the app's CloudKit container; the
// ckWebAuthToken stays in the page. The cloud screens and popup are Google Drive recovery's (its frame entry).
import { defineRecoveryHalf } from '../wallet-frame/frame.js'
import { cloudMethodHalf } from '../recovery-google-drive/frame.js'
import { iCloudLogin } from './frame/iCloudLogin.js'
import { iCloudKeySource, type ICloudSettings } from './frame/iCloudKeySource.js'

export default defineRecoveryHalf({
  methods: {
    icloud: cloudMethodHalf('icloud', (page, popup) => {
      const settings = page.settings as ICloudSettings
      return iCloudLogin(page.document.defaultView!, popup, page.call, settings.signInOrigin).then((token) => iCloudKeySource(settings, token))
    }),
  },
})

export { iCloudLogin } from './frame/iCloudLogin.js'
export { iCloudKeySource, CLOUDKIT_RECORD_TYPE, type ICloudSettings } from './frame/iCloudKeySource.js'
