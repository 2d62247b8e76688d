import { useLogin } from '../../../ui/foyer.js'
import { GateFrame, type GateFrameProps } from './GateFrame.js'

/** Signed out: one button opening the Foyer modal (the admin app's sign-ins). */
export function SignInPage(props: GateFrameProps) {
  const { login } = useLogin()
  return (
    <GateFrame {...props} title="Foyer admin console">
      <p>Sign in with your operator account to manage this server's apps and users.</p>
      <button type="button" className="fa-button fa-primary" onClick={() => login()}>
        Sign in
      </button>
    </GateFrame>
  )
}
