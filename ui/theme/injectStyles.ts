import { styles } from './styles.js'

const STYLE_ID = 'foyer-styles'

/** Adds the modal's <style> element to the document once (no-op when it is already there or without a DOM). */
export function injectStyles(doc: Document | undefined = globalThis.document): void {
  if (!doc || doc.getElementById(STYLE_ID)) return
  const el = doc.createElement('style')
  el.id = STYLE_ID
  el.textContent = styles
  doc.head.appendChild(el)
}
