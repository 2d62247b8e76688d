import type { ReactNode } from 'react'

/** One line of a transaction screen: the label on the left, its value on the right (Total, To, Network, Fee…). */
export function TransactionRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="foyer-tx-row" style={{ display: 'flex', justifyContent: 'space-between', gap: 12, padding: '4px 0' }} data-testid={testId}>
      <span style={{ opacity: 0.7 }}>{label}</span>
      <span style={{ textAlign: 'right', wordBreak: 'break-all' }}>{children}</span>
    </div>
  )
}
