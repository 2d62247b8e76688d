/** The terms plugin's English texts (the spec's 'One last step' screen). */
export const termsTexts = {
  'terms.title': 'One last step',
  'terms.body': 'By signing up, you agree to our terms and privacy policy.',
  'terms.termsLink': 'Terms',
  'terms.privacyLink': 'Privacy policy',
  'terms.accept': 'Accept',
  'terms.decline': 'No thanks',
} as const
