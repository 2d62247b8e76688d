// The plugin's server half, written against the public subpath only: it declares the frame half (no routes).
import { fileURLToPath } from 'node:url'
import { defineServerPlugin } from 'foyer/server'
import { noteSignerFrameEvents } from './frameEvents.js'

/** Declares the note signer's frame half: the wallet frame loads frame.ts when a note is first signed. */
export function noteSignerServer() {
  return defineServerPlugin({
    id: 'note-signer',
    frame: { events: Object.values(noteSignerFrameEvents), entry: fileURLToPath(new URL('./frame.ts', import.meta.url)) },
    routes() {},
  })
}
