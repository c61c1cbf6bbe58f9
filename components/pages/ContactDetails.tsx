import {getNavigation, type SiteSettings} from '@/lib/content'
import {addressLines, mailtoHref, telHref} from '@/lib/format'
import {IconBadge} from '@/components/ui/Badge'
import {EmailText} from '@/components/ui/EmailText'
import {ClockIcon, MailIcon, MapPinIcon, PhoneIcon} from '@/components/ui/icons'
import {ServiceAreas} from '@/components/site/ServiceAreas'
import styles from './ContactDetails.module.css'

export type ContactDetailsProps = {
  settings: SiteSettings
  /** Opening hours (the contact page shows them; the home section leaves them out). */
  showHours?: boolean
  /** Service areas line under the address. */
  showAreas?: boolean
  className?: string
}

/** Phone, e-mail (tel:/mailto: links), address and optionally hours and service areas, from site settings. */
export async function ContactDetails({settings, showHours = false, showAreas = true, className}: ContactDetailsProps) {
  const {contactDetails: labels, footer} = (await getNavigation()).labels
  return (
    <ul role="list" className={[styles.list, className].filter(Boolean).join(' ')}>
      <li className={styles.row}>
        <IconBadge icon={<PhoneIcon />} size="sm" />
        <div>
          <p className={styles.label}>{labels.phone}</p>
          <a className={styles.value} href={telHref(settings.phone)}>
            {settings.phone}
          </a>
        </div>
      </li>
      <li className={styles.row}>
        <IconBadge icon={<MailIcon />} size="sm" />
        <div>
          <p className={styles.label}>{labels.email}</p>
          <a className={styles.value} href={mailtoHref(settings.email)}>
            <EmailText email={settings.email} />
          </a>
        </div>
      </li>
      <li className={styles.row}>
        <IconBadge icon={<MapPinIcon />} size="sm" />
        <div>
          <p className={styles.label}>{labels.address}</p>
          <address className={styles.address}>
            {addressLines(settings.address).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          {showAreas ? <ServiceAreas areas={settings.serviceAreas} label={footer.serving} classNames={{line: styles.areas, label: styles.areasLabel}} /> : null}
        </div>
      </li>
      {showHours ? (
        <li className={styles.row}>
          <IconBadge icon={<ClockIcon />} size="sm" />
          <div>
            <p className={styles.label}>{labels.hours}</p>
            <p className={styles.plain}>{settings.openingHours}</p>
          </div>
        </li>
      ) : null}
    </ul>
  )
}
