import {getServiceMenu, getSiteSettings} from '@/lib/content'
import {telHref} from '@/lib/format'
import {Button} from '@/components/ui/Button'
import {PhoneIcon} from '@/components/ui/icons'
import {Logo} from './Logo'
import {MobileMenu} from './MobileMenu'
import {NavLink} from './PathAware'
import {ServicesMenu} from './ServicesMenu'
import styles from './SiteHeader.module.css'

const BOOKING_HREF = '/house_cleaning'

const LINKS_AFTER_SERVICES = [
  {label: 'About', href: '/about'},
  {label: 'Booking', href: BOOKING_HREF},
  {label: 'Blogs', href: '/blogs'},
  {label: 'FAQs', href: '/faqs'},
  {label: 'Contact', href: '/contact'},
] as const

/**
 * The sticky site header: logo, main navigation (collapsing below 1024 px), the phone number as a
 * click-to-call link (in the bar, and in the mobile menu) and Book Now.
 */
export async function SiteHeader() {
  const [settings, serviceMenu] = await Promise.all([getSiteSettings(), getServiceMenu()])
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
                  Home
                </NavLink>
              </li>
              <li>
                <ServicesMenu groups={serviceMenu} />
              </li>
              {LINKS_AFTER_SERVICES.map((link) => (
                <li key={link.label}>
                  {/* Booking screens carry their form's code: never prefetched from every page (issue 8). */}
                  <NavLink href={link.href} className={styles.navLink} {...(link.href === BOOKING_HREF && {prefetch: false})}>
                    {link.label}
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
          Book Now
        </Button>
      </div>
    </header>
  )
}
