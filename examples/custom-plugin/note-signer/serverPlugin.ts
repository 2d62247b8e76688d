// FOYER_SERVER_PLUGINS=examples/custom-plugin/note-signer/serverPlugin.ts loads the note signer into examples/server.
import { noteSignerServer } from './server.js'

export default noteSignerServer()
