import {IconBadge} from '@/components/ui/Badge'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {MailIcon, PhoneIcon} from '@/components/ui/icons'
import {Section} from '@/components/ui/Section'
import {QUOTE_SECTION_ID} from '@/lib/service-page-actions'
import {EmailText} from '@/components/ui/EmailText'
import styles from './ServiceQuoteSection.module.css'

export type ServiceQuoteSectionProps = {
  heading: string
  text: string
  phone: string
  phoneHref: string
  email: string
  emailHref: string
  /** Label of the phone button: the page's own call to action on the mold page, else "Call now". */
  phoneButtonLabel?: string
}

/**
 * The quote section (anchor #quote): the content's heading and text, and the ways to ask for a
 * quote today, by phone and by e-mail (the e-mail's subject names the service). A warm band.
 */
export function ServiceQuoteSection({
  heading,
  text,
  phone,
  phoneHref,
  email,
  emailHref,
  phoneButtonLabel,
}: ServiceQuoteSectionProps) {
  return (
    <Section id={QUOTE_SECTION_ID} heading={heading} intro={text} align="center" className={styles.section}>
      <ul role="list" className={styles.options}>
        <li>
          <Card as="div" className={styles.option}>
            <IconBadge icon={<PhoneIcon />} tone="sunshine" size="lg" />
            <h3 className={styles.title}>Call us</h3>
            <p className={styles.value}>{phone}</p>
            <Button href={phoneHref} iconStart={<PhoneIcon />} className={styles.button}>
              {phoneButtonLabel ?? 'Call now'}
            </Button>
          </Card>
        </li>
        <li>
          <Card as="div" className={styles.option}>
            <IconBadge icon={<MailIcon />} tone="mint" size="lg" />
            <h3 className={styles.title}>E-mail us</h3>
            <p className={styles.value}>
              <EmailText email={email} />
            </p>
            <Button href={emailHref} variant="secondary" iconStart={<MailIcon />} className={styles.button}>
              Send an e-mail
            </Button>
          </Card>
        </li>
      </ul>
    </Section>
  )
}
