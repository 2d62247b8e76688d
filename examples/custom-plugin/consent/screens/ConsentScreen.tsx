import { Button, ScreenLayout, useFoyerKernel, useT, type ScreenProps } from 'foyer/ui'

/** The consent question: answers the request it was opened for. */
export default function ConsentScreen({ params }: ScreenProps<{ topic: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  return (
    <ScreenLayout
      title={t('consent.title')}
      subtitle={t('consent.body', { topic: params.topic })}
      footer={
        <>
          <Button variant="primary" onClick={() => foyer.modal.resolve(true)}>
            {t('consent.allow')}
          </Button>
          <Button variant="link" onClick={() => foyer.modal.resolve(false)}>
            {t('consent.deny')}
          </Button>
        </>
      }
    />
  )
}
