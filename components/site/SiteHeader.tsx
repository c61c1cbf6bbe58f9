import {getNavigation, getServiceMenu, getSiteSettings} from '@/lib/content'
import {telHref} from '@/lib/format'
import {Button} from '@/components/ui/Button'
import {PhoneIcon} from '@/components/ui/icons'
import {Logo} from './Logo'
import {MobileMenu} from './MobileMenu'
import {NavLink} from './PathAware'
import {ServicesMenu} from './ServicesMenu'
import styles from './SiteHeader.module.css'

const BOOKING_HREF = '/house_cleaning'

/** The links after the Services menu; their words are content (Navigation). */
const LINKS_AFTER_SERVICES = [
  {key: 'about', href: '/about'},
  {key: 'booking', href: BOOKING_HREF},
  {key: 'blogs', href: '/blogs'},
  {key: 'faqs', href: '/faqs'},
  {key: 'contact', href: '/contact'},
] as const

/**
 * The sticky site header: logo, main navigation (collapsing below 1024 px), the phone number as a
 * click-to-call link (in the bar, and in the mobile menu) and Book Now.
 */
export async function SiteHeader() {
  const [settings, serviceMenu, {labels}] = await Promise.all([getSiteSettings(), getServiceMenu(), getNavigation()])
  const phoneHref = telHref(settings.phone)

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Logo companyName={settings.companyName} className={styles.logo} />
        <MobileMenu>
          <nav aria-label="Main">
            <ul role="list" className={styles.navList}>
              <li>
                <NavLink href="/" className={styles.navLink}>
                  {labels.header.home}
                </NavLink>
              </li>
              <li>
                <ServicesMenu groups={serviceMenu} label={labels.header.services} />
              </li>
              {LINKS_AFTER_SERVICES.map((link) => (
                <li key={link.key}>
                  {/* Booking screens carry their form's code: never prefetched from every page. */}
                  <NavLink href={link.href} className={styles.navLink} {...(link.href === BOOKING_HREF && {prefetch: false})}>
                    {labels.header[link.key]}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <p className={styles.menuPhone}>
            <a href={phoneHref} className={styles.menuPhoneLink}>
              <PhoneIcon />
              <span>Call {settings.phone}</span>
            </a>
          </p>
        </MobileMenu>
        <a href={phoneHref} className={styles.phone} aria-label={`Call ${settings.phone}`}>
          <PhoneIcon />
          <span className={styles.phoneNumber}>{settings.phone}</span>
        </a>
        <Button href={BOOKING_HREF} size="sm" className={styles.bookNow} prefetch={false}>
          {labels.header.bookNow}
        </Button>
      </div>
    </header>
  )
}
