import type { ErrorScreenParams } from '../../core/client/errorScreen.js'
import { ErrorScreen } from './ErrorScreen.js'

type Props = { params?: Partial<ErrorScreenParams> }

// The kernel passes translated params; these defaults (kernel i18n keys) cover a bare push.

/** Allowlist rejection. */
export const AllowlistRejectedScreen = ({ params }: Props) => <ErrorScreen params={params} defaultTitle="error.allowlist.title" />
/** No account for this login (no-signup mode). */
export const AccountNotFoundScreen = ({ params }: Props) => <ErrorScreen params={params} defaultTitle="error.accountNotFound.title" />
/** The app's user limit is reached ('Unable to sign in'). */
export const UserLimitScreen = ({ params }: Props) => <ErrorScreen params={params} defaultTitle="error.userLimit.title" />
/** A login that failed for good. */
export const LoginFailedScreen = ({ params }: Props) => <ErrorScreen params={params} defaultTitle="error.loginFailed.title" />
/** 'In-app browser login not possible'. */
export const InAppBrowserScreen = ({ params }: Props) => <ErrorScreen params={params} defaultTitle="error.inAppBrowser.title" />
