import { useState } from 'react'
import { Button, ErrorText, ScreenLayout, useFoyerKernel, useT } from 'foyer/ui'
import { newsletterCalls } from '../newsletterCalls.js'

/** The question: saves the answer through the plugin's api, then answers the flow's prompt. */
export default function NewsletterScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  const [busy, setBusy] = useState<boolean | null>(null)
  const [failed, setFailed] = useState(false)

  const answer = async (subscribed: boolean) => {
    setBusy(subscribed)
    setFailed(false)
    try {
      await newsletterCalls.subscribe(foyer, { subscribed })
      foyer.modal.resolvePrompt(subscribed)
    } catch {
      setFailed(true)
      setBusy(null)
    }
  }

  return (
    <ScreenLayout
      title={t('newsletter.title')}
      subtitle={t('newsletter.body')}
      footer={
        <>
          {failed ? <ErrorText>{t('newsletter.failed')}</ErrorText> : null}
          <Button variant="primary" loading={busy === true} disabled={busy !== null} onClick={() => void answer(true)}>
            {t('newsletter.yes')}
          </Button>
          <Button variant="link" loading={busy === false} disabled={busy !== null} onClick={() => void answer(false)}>
            {t('newsletter.no')}
          </Button>
        </>
      }
    />
  )
}
