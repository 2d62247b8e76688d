/**
 * A screen loader (ScreenDef.load) for a screen that uses code another plugin lends lazily (a `loadXKit` of that
 * plugin's entry, for other plugins): the screen's module and that code load together, and the module's default
 * export, a function of that code, makes the screen. The plugin's entry imports the other plugin's entry (the host
 * loads it anyway); the screen's module imports it for types only. A lazily loaded module that imported another
 * plugin's entry itself would move that entry's modules out of the host's main chunk into one of their own (esbuild
 * groups modules by the entries that reach them): one more file, and more bytes, in the host's first load.
 */
export function screenWith<Code, Screen>(loadScreen: () => Promise<{ default: (code: Code) => Screen }>, loadCode: () => Promise<Code>): () => Promise<{ default: Screen }> {
  return () => Promise.all([loadScreen(), loadCode()]).then(([screen, code]) => ({ default: screen.default(code) }))
}
