/** The ui's wallet list screen; after a connect in a login or link flow it replaces itself with 'siwe/sign'. */
export const WALLET_LIST_SCREEN = 'foyer/wallet-list'
/** The ui's connect screen; a failed sign-in hands its error back there (`{ connectorId, error, failures }`). */
export const WALLET_CONNECT_SCREEN = 'foyer/wallet-connect'
