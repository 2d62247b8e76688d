import { Component, type ReactNode } from 'react'

/** Catches a screen that fails to load or render, so one broken plugin can't blank the modal. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; fallback: (error: unknown) => ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override componentDidCatch(error: unknown) {
    console.error('[foyer] a screen failed to render:', error)
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children
  }
}
