import { useLogin, type UseLoginParameters } from '../../ui/hooks/useLogin.js'

/** A host's 'Log in' button (useLogin with the given callbacks), for component tests of login flows. */
export function LoginButton(callbacks: UseLoginParameters) {
  const { login } = useLogin(callbacks)
  return (
    <button type="button" onClick={() => login()}>
      Log in
    </button>
  )
}
