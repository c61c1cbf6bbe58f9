import type {ReactNode} from 'react'
import type {SiteSettings} from '@/lib/content'
import {addressLines} from '@/lib/format'
import {MapEmbed} from '@/components/map/MapEmbed'
import {Card} from '@/components/ui/Card'
import {ContactDetails} from './ContactDetails'
import styles from './ContactWithMap.module.css'

/**
 * The contact form on a card, and beside it the contact details and the map (home contact section
 * and /contact). Without a form: the details beside the map.
 */
export function ContactWithMap({settings, cardTone = 'white', form}: {settings: SiteSettings; cardTone?: 'white' | 'cream'; form?: ReactNode}) {
  const details = (
    <Card tone={cardTone} className={styles.details}>
      <ContactDetails settings={settings} showHours />
    </Card>
  )
  const map = (
    <MapEmbed
      lat={settings.mapLocation.lat}
      lng={settings.mapLocation.lng}
      label={settings.mapLabel}
      companyName={settings.companyName}
      addressLines={addressLines(settings.address)}
    />
  )
  if (!form) {
    return (
      <div className={styles.grid}>
        {details}
        {map}
      </div>
    )
  }
  return (
    <div className={styles.withForm}>
      <Card className={styles.formCard}>{form}</Card>
      <div className={styles.side}>
        {details}
        {map}
      </div>
    </div>
  )
}
