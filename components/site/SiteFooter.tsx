import Link from 'next/link'
import {getSiteSettings} from '@/lib/content'
import {addressLines, mailtoHref, telHref} from '@/lib/format'
import {Container} from '@/components/ui/Container'
import {ClockIcon, MailIcon, MapPinIcon, PhoneIcon, SparkleIcon} from '@/components/ui/icons'
import {Logo} from './Logo'
import styles from './SiteFooter.module.css'

const BOOKING_LINKS = [
  {label: 'House Cleaning', href: '/house_cleaning'},
  {label: 'Exterior Cleaning', href: '/exterior_cleaning'},
  {label: 'Carpet Cleaning', href: '/carpet_cleaning'},
  {label: 'Commercial Cleaning', href: '/commercial_cleaning'},
] as const

const COMPANY_LINKS = [
  {label: 'About', href: '/about'},
  {label: 'Blogs', href: '/blogs'},
  {label: 'FAQs', href: '/faqs'},
  {label: 'Contact', href: '/contact'},
] as const

// Anchors of the /legal page (decisions.md: the footer's Legal column links to them).
const LEGAL_LINKS = [
  {label: 'Privacy Policy', href: '/legal#privacy'},
  {label: 'Terms of Use', href: '/legal#terms'},
  {label: 'Refund Policy', href: '/legal#refund'},
] as const

function LinkColumn({title, links, prefetch}: {title: string; links: readonly {label: string; href: string}[]; prefetch?: boolean}) {
  const id = `footer-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul role="list" className={styles.links}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} {...(prefetch !== undefined && {prefetch})}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Site footer on deep teal: brand, booking / company / legal links, contact details, copyright. */
export async function SiteFooter() {
  const settings = await getSiteSettings()

  return (
    <footer className={styles.footer} data-tone="dark">
      <Container width="wide">
        <div className={styles.grid}>
          <div className={styles.brand}>
            <Logo companyName={settings.companyName} tone="light" />
            <p className={styles.description}>{settings.description}</p>
            {settings.satisfactionClaim ? (
              <p className={styles.claim}>
                <SparkleIcon size={18} />
                {settings.satisfactionClaim}
              </p>
            ) : null}
          </div>

          {/* Booking screens carry their form's code: never prefetched from every page (issue 8). */}
          <LinkColumn title="Book Online" links={BOOKING_LINKS} prefetch={false} />
          <LinkColumn title="Company" links={COMPANY_LINKS} />
          <LinkColumn title="Legal" links={LEGAL_LINKS} />

          <div className={styles.contact}>
            <h2 className={styles.heading}>Contact</h2>
            <ul role="list" className={styles.contactList}>
              <li>
                <PhoneIcon size={18} />
                <a href={telHref(settings.phone)}>{settings.phone}</a>
              </li>
              <li>
                <MailIcon size={18} />
                <a href={mailtoHref(settings.email)}>{settings.email}</a>
              </li>
              <li>
                <MapPinIcon size={18} />
                <address>
                  {addressLines(settings.address).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </li>
              <li>
                <ClockIcon size={18} />
                <span>{settings.openingHours}</span>
              </li>
            </ul>
            {settings.serviceAreas.length > 0 ? (
              <p className={styles.areas}>
                <span className={styles.areasLabel}>Serving </span>
                {settings.serviceAreas.join(' · ')}
              </p>
            ) : null}
          </div>
        </div>

        <div className={styles.bottom}>
          <p>{settings.copyright}</p>
          <p>
            {settings.address.city}, {settings.address.region}
          </p>
        </div>
      </Container>
    </footer>
  )
}
