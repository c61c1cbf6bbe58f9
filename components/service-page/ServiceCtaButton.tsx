import {Button} from '@/components/ui/Button'
import {ArrowRightIcon, PhoneIcon} from '@/components/ui/icons'
import type {CallToActionTarget} from '@/lib/service-page-actions'

/**
 * A service page's call-to-action button: an arrow for a page or anchor, a phone icon and the number
 * written beside it when the button dials (mold remediation is booked by phone).
 */
export function ServiceCtaButton({
  label,
  cta,
  phone,
  phoneClassName,
}: {
  label: string
  cta: CallToActionTarget
  phone: string
  phoneClassName?: string
}) {
  const dials = cta.kind === 'phone'
  return (
    <>
      <Button
        href={cta.href}
        size="lg"
        iconStart={dials ? <PhoneIcon /> : undefined}
        iconEnd={dials ? undefined : <ArrowRightIcon />}
        // A booking screen carries its form's code: loaded when chosen, not prefetched.
        prefetch={cta.kind === 'booking' ? false : undefined}
      >
        {label}
      </Button>
      {dials ? <p className={phoneClassName}>{phone}</p> : null}
    </>
  )
}
