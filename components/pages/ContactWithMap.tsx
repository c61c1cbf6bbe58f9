import type {SiteSettings} from '@/lib/content'
import {addressLines} from '@/lib/format'
import {MapEmbed} from '@/components/map/MapEmbed'
import {Card} from '@/components/ui/Card'
import {ContactDetails} from './ContactDetails'
import styles from './ContactWithMap.module.css'

/** Contact details on a card beside the map (home contact section and /contact). */
export function ContactWithMap({settings, cardTone = 'white'}: {settings: SiteSettings; cardTone?: 'white' | 'cream'}) {
  return (
    <div className={styles.grid}>
      <Card tone={cardTone} className={styles.details}>
        <ContactDetails settings={settings} showHours />
      </Card>
      <MapEmbed
        lat={settings.mapLocation.lat}
        lng={settings.mapLocation.lng}
        label={settings.mapLabel}
        companyName={settings.companyName}
        addressLines={addressLines(settings.address)}
      />
    </div>
  )
}
