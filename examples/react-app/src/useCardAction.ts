import { useState } from 'react'

/** A card's one-at-a-time action: `run(label, action)` shows its answer (or the error's message) as `result`. */
export function useCardAction() {
  const [result, setResult] = useState<{ label: string; value: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (label: string, action: () => Promise<string>) => {
    setBusy(true)
    try {
      setResult({ label, value: await action() })
    } catch (error) {
      setResult({ label: 'Error', value: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }
  return { result, busy, run }
}
