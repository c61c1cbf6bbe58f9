import Link from 'next/link'
import {bookingLinkLabel, getNavigation, getSiteSettings, type Navigation} from '@/lib/content'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {addressLines, mailtoHref, telHref} from '@/lib/format'
import {Container} from '@/components/ui/Container'
import {ClockIcon, MailIcon, MapPinIcon, PhoneIcon, SparkleIcon} from '@/components/ui/icons'
import {Logo} from './Logo'
import {ServiceAreas} from './ServiceAreas'
import styles from './SiteFooter.module.css'

/** The footer's link columns: fixed addresses, words from the content (Navigation, booking pages). */
function footerColumns({labels, bookingLinks}: Navigation) {
  return {
    booking: (['house', 'exterior', 'carpet', 'commercial'] as const).map((form) => ({label: bookingLinkLabel(bookingLinks, form), href: INDUSTRY_PATHS[form]})),
    company: [
      {label: labels.header.about, href: '/about'},
      {label: labels.header.blogs, href: '/blogs'},
      {label: labels.header.faqs, href: '/faqs'},
      {label: labels.header.contact, href: '/contact'},
    ],
    // Anchors of the /legal page (the footer's Legal column links to each policy).
    legal: [
      {label: labels.footer.privacy, href: '/legal#privacy'},
      {label: labels.footer.terms, href: '/legal#terms'},
      {label: labels.footer.refund, href: '/legal#refund'},
    ],
  }
}

function LinkColumn({id, title, links, prefetch}: {id: string; title: string; links: readonly {label: string; href: string}[]; prefetch?: boolean}) {
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
  const [settings, navigation] = await Promise.all([getSiteSettings(), getNavigation()])
  const {footer} = navigation.labels
  const columns = footerColumns(navigation)

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

          {/* Booking screens carry their form's code: never prefetched from every page. */}
          <LinkColumn id="footer-book-online" title={footer.bookOnline} links={columns.booking} prefetch={false} />
          <LinkColumn id="footer-company" title={footer.company} links={columns.company} />
          <LinkColumn id="footer-legal" title={footer.legal} links={columns.legal} />

          <div className={styles.contact}>
            <h2 className={styles.heading}>{footer.contact}</h2>
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
            <ServiceAreas areas={settings.serviceAreas} label={footer.serving} classNames={{line: styles.areas, label: styles.areasLabel}} />
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
