/** Schemas, types and constants shared by the client and the server. */
export * from './paths.js'
export * from './errorCodes.js'
export * from './user.js'
export * from './tokens.js'
export * from './otp.js'
export * from './appConfig.js'
export * from './analytics.js'
export * from './accountTransfer.js'
