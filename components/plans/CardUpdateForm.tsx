import {Button} from '@/components/ui/Button'
import type {PaymentPages} from '@/lib/content'
import styles from './CardUpdateForm.module.css'

export type CardUpdateTexts = Pick<PaymentPages['cardUpdate'], 'intro' | 'currentCard' | 'button'>

export type CardUpdateFormProps = {
  /** The manage link's token: the route checks it as the manage page does. */
  token: string
  /** The plan's card on file ('Visa ending 4242'), if the provider said. */
  cardLabel: string | null
  texts: CardUpdateTexts
  className?: string
}

/**
 * "Change the card" on the manage page of a plan's visit: a plain form posting the token to
 * /api/bookings/manage/card, which sends the browser to the payment provider's card page (no
 * JavaScript needed; the button is a real submit button).
 */
export function CardUpdateForm({token, cardLabel, texts, className}: CardUpdateFormProps) {
  return (
    <form method="post" action="/api/bookings/manage/card" className={[styles.form, className].filter(Boolean).join(' ')}>
      <p>{texts.intro}</p>
      {cardLabel ? (
        <p>
          {texts.currentCard} <strong>{cardLabel}</strong>
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <div>
        <Button type="submit" variant="secondary">
          {texts.button}
        </Button>
      </div>
    </form>
  )
}
