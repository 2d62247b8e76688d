/** SDK version sent in the foyer-client header. */
export const SDK_VERSION = '0.1.0'
