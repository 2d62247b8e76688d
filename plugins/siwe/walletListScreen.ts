import { uiScreens } from '../../core/client/screenIds.js'
/** The ui's wallet list screen; after a connect in a login or link flow it replaces itself with 'siwe/sign'. */
export const WALLET_LIST_SCREEN = uiScreens.walletList
/** The ui's connect screen; a failed sign-in hands its error back there (`{ connectorId, error, failures }`). */
export const WALLET_CONNECT_SCREEN = uiScreens.walletConnect
