/** Every error class Foyer throws. */
export { BaseError, type BaseErrorOptions } from './BaseError.js'
export { ApiError } from './ApiError.js'
export { ValidationError } from './ValidationError.js'
export { PluginError } from './PluginError.js'
export { ConnectorError, UserRejectedRequestError } from './ConnectorError.js'
export { SessionExpiredError } from './SessionExpiredError.js'
export { AbortError } from './AbortError.js'
export { FlowError, flowErrorCodes, type FlowErrorCode } from './FlowError.js'
