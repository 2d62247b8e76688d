// Google Drive recovery's frame half: the recovery page loads it when a request for 'google-drive' arrives (the server
// half declares it). The key is a random one kept in the user's Drive appDataFolder; the Drive token stays in the
// page. Its cloud helpers (the screens, the login popup, the key file helpers) are iCloud's too, through this entry.
import { defineRecoveryHalf } from '../wallet-frame/frame.js'
import { googleDriveLogin } from './frame/cloudLogin.js'
import { googleDriveKeySource, type GoogleDriveSettings } from './frame/cloudKeySource.js'
import { cloudMethodHalf } from './frame/cloudMethod.js'

export default defineRecoveryHalf({
  methods: {
    'google-drive': cloudMethodHalf('google-drive', (page, popup) =>
      googleDriveLogin(page.document.defaultView!, popup, page.call).then((token) => googleDriveKeySource((page.settings as GoogleDriveSettings).driveUrl, token)),
    ),
  },
})

export { cloudMethodHalf, cloudFailure, type CloudKeySourceOf } from './frame/cloudMethod.js'
export { cloudProviderNames, cloudTexts, runCloudFlow, type CloudFlowOptions, type CloudProviderName } from './frame/cloudView.js'
export { openLoginPopup, waitForPopup, googleDriveLogin, RECOVERY_OAUTH_FAILED, RecoveryOAuthError } from './frame/cloudLogin.js'
export { CloudKeyError, KEY_BYTES, keyOf, locatorFor, newName, send, googleDriveKeySource, type GoogleDriveSettings } from './frame/cloudKeySource.js'
