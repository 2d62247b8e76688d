/** The kernel's own English (flow exits, code-screen texts, config errors): with the kernel. The error catalogue is errorsEn. */
export const kernelEn: Record<string, string> = {
  'otp.invalidCode': 'Invalid or expired verification code',
  'otp.issueVerifying': 'Issue verifying code',
  'flow.exitedLogin': 'User exited auth flow',
  'flow.exitedLink': 'User exited link flow',
  'flow.exitedUpdate': 'User exited update flow',
  'flow.exitedConnect': 'User exited connect wallet flow',
  'flow.rejectedRequest': 'The user rejected the request.',
  'flow.mfaCanceled': 'MFA canceled',
  'flow.exitedFunding': 'User exited funding flow',
  'flow.exitedRecovery': 'User exited set recovery flow',
  'flow.exitedExport': 'User exited export flow',
  'flow.modalClosed': 'The modal was closed',
  'success.title': 'Success!',
  'app.invalidId': 'Invalid app ID',
  'app.httpsRequired': 'Embedded wallets are only available over HTTPS',
}
