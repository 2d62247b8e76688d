import { GateFrame, type GateFrameProps } from './GateFrame.js'

/** Signed in, but not an operator (403 not_an_operator): say so, offer to sign out. */
export function NotOperatorPage({ message, ...props }: GateFrameProps & { message: string }) {
  return (
    <GateFrame {...props} title="This account is not an operator">
      <p>{message}</p>
      <p className="fa-muted">An owner can add you from the console's Operators page, or on the server with <code>foyer admin add &lt;email&gt;</code>.</p>
    </GateFrame>
  )
}
