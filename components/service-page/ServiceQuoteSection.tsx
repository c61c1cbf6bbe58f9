import type {LeadFormMessages} from '@/components/leads/useLeadForm'
import {IconBadge} from '@/components/ui/Badge'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {EmailText} from '@/components/ui/EmailText'
import {CalendarIcon, ClockIcon, MailIcon, PhoneIcon} from '@/components/ui/icons'
import {Section} from '@/components/ui/Section'
import type {FormSettings} from '@/lib/content'
import {QUOTE_SECTION_ID} from '@/lib/service-page-actions'
import {LazyQuoteRequestForm} from '@/components/leads/LazyQuoteRequestForm'
import styles from './ServiceQuoteSection.module.css'

export type ServiceQuoteSectionProps = {
  heading: string
  text: string
  /** The quote form's texts and messages (the Forms document). */
  form: FormSettings['quoteForm']
  messages: LeadFormMessages
  /** The page, stored with each request: its path and service. */
  page: {path: string; title: string}
  phone: string
  phoneHref: string
  email: string
  emailHref: string
  /** Label of the phone button: the page's own call to action on the mold page, else "Call now". */
  phoneButtonLabel?: string
  /**
   * On a page whose standard job can be booked online: when to book online, the starting price from
   * the booking prices (formatted) and the booking screen with the service chosen.
   */
  bookOnline?: {heading: string; text: string; priceLabel: string; price: string; buttonLabel: string; href: string} | null
  /** For a job best priced after a look: the free in-home estimate request (/appointment). */
  estimateVisit?: {heading: string; text: string; buttonLabel: string; href: string} | null
}

/**
 * The quote section (anchor #quote), a warm band: the content's heading and text, the quote form,
 * and beside it the other ways: book online at the starting price where the service can be booked,
 * a free in-home estimate visit where the content offers one, and phone or e-mail for those who prefer them (the e-mail's subject names the service).
 */
export function ServiceQuoteSection({
  heading,
  text,
  form,
  messages,
  page,
  phone,
  phoneHref,
  email,
  emailHref,
  phoneButtonLabel,
  bookOnline,
  estimateVisit,
}: ServiceQuoteSectionProps) {
  return (
    <Section id={QUOTE_SECTION_ID} heading={heading} intro={text} align="center" className={styles.section} width="wide">
      <div className={styles.layout}>
        <Card className={styles.formCard}>
          <LazyQuoteRequestForm text={form} messages={messages} page={page} termsHref="/legal#terms" />
        </Card>
        <div className={styles.aside}>
          {bookOnline ? (
            <Card className={styles.option}>
              <IconBadge icon={<CalendarIcon />} tone="mint" size="lg" />
              <h3 className={styles.title}>{bookOnline.heading}</h3>
              <p>{bookOnline.text}</p>
              <p className={styles.price}>
                <span className={styles.priceLabel}>{bookOnline.priceLabel}</span> <span className={styles.priceValue}>{bookOnline.price}</span>
              </p>
              <Button href={bookOnline.href} className={styles.button} prefetch={false}>
                {bookOnline.buttonLabel}
              </Button>
            </Card>
          ) : null}
          {estimateVisit ? (
            <Card className={styles.option}>
              <IconBadge icon={<ClockIcon />} tone="mint" size="lg" />
              <h3 className={styles.title}>{estimateVisit.heading}</h3>
              <p>{estimateVisit.text}</p>
              <Button href={estimateVisit.href} className={styles.button} prefetch={false}>
                {estimateVisit.buttonLabel}
              </Button>
            </Card>
          ) : null}
          <Card className={styles.option}>
            <IconBadge icon={<PhoneIcon />} tone="sunshine" size="lg" />
            <h3 className={styles.title}>{form.otherWaysHeading}</h3>
            <p className={styles.value}>{phone}</p>
            <Button href={phoneHref} iconStart={<PhoneIcon />} className={styles.button}>
              {phoneButtonLabel ?? 'Call now'}
            </Button>
            <p className={styles.value}>
              <EmailText email={email} />
            </p>
            <Button href={emailHref} variant="secondary" iconStart={<MailIcon />} className={styles.button}>
              Send an e-mail
            </Button>
          </Card>
        </div>
      </div>
    </Section>
  )
}
