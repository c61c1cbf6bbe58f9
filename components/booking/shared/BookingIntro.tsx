import {telHref} from '@/lib/format'

/** A booking page's introduction from its content, ending with the company's phone number as a link. */
export function BookingIntro({intro, callPrompt, phone}: {intro: string; callPrompt: string; phone: string}) {
  return (
    <p>
      {intro} {callPrompt} <a href={telHref(phone)}>{phone}</a>.
    </p>
  )
}
