import type { CSSProperties } from 'react'
import { useT } from '../../../ui/index.js'

type Tree = Record<string, unknown> | unknown[]

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null
const rowStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }
const keyStyle: CSSProperties = { color: 'var(--foyer-muted)', fontSize: 12, lineHeight: '16px', fontWeight: 500 }
const valueStyle: CSSProperties = { margin: 0, fontSize: 14, lineHeight: '20px', overflowWrap: 'anywhere' }
const nestedStyle: CSSProperties = { ...valueStyle, paddingLeft: 10, borderLeft: '2px solid var(--foyer-border)' }

/** One level of the typed data: each field's name over its value; objects and arrays nest, indented. */
function Fields({ value }: { value: Tree }) {
  return (
    <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      {Object.entries(value).map(([key, field]) => (
        <div key={key} style={rowStyle} data-field={key}>
          <dt style={keyStyle}>{key}</dt>
          <dd style={isTree(field) ? nestedStyle : valueStyle}>{isTree(field) ? <Fields value={field} /> : String(field)}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * EIP-712 typed data as the user reads it: the domain, then the message (named by its primary type), each a tree of
 * field names and values — never the raw JSON. `json` is what eth_signTypedData_v4 signs.
 */
export function TypedDataView({ json }: { json: string }) {
  const t = useT()
  let data: { domain?: unknown; message?: unknown; primaryType?: unknown }
  try {
    data = JSON.parse(json) as typeof data
  } catch {
    data = {}
  }
  const sections = [
    [t('embeddedWallet.signTypedData.domain'), data.domain],
    [typeof data.primaryType === 'string' ? `${t('embeddedWallet.signTypedData.message')} (${data.primaryType})` : t('embeddedWallet.signTypedData.message'), data.message],
  ] as const
  return (
    <div className="foyer-sign-message" data-testid="foyer-sign-message" data-kind="typed-data" style={{ display: 'flex', flexDirection: 'column', gap: 12, maxHeight: 240, overflow: 'auto', textAlign: 'left' }}>
      {sections.map(([title, value]) =>
        isTree(value) ? (
          <section key={title} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            <h3 style={{ margin: 0, fontSize: 13, lineHeight: '18px', fontWeight: 600 }}>{title}</h3>
            <Fields value={value} />
          </section>
        ) : null,
      )}
    </div>
  )
}
