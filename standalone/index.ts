// `foyer/standalone`: the whole server as `npx foyer start` runs it, and its parts for a server file of your own.
export { startStandaloneServer, type StandaloneOptions, type StandaloneServer } from './startStandaloneServer.js'
export { standalonePlugins, pluginsFromEnv } from './standalonePlugins.js'
export { devAppFromEnv } from './devAppFromEnv.js'
