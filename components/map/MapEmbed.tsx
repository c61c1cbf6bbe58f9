'use client'

import {useEffect, useRef, useState} from 'react'
import {Icon} from '@/components/ui/Icon'
import {buttonClassName} from '@/components/ui/button-class'
import styles from './MapEmbed.module.css'

export type MapEmbedProps = {
  lat: number
  lng: number
  /** The iframe's title (settings.mapLabel). */
  label: string
  /** Shown on the placeholder's address card. */
  companyName: string
  addressLines: string[]
  className?: string
}

/** Half the width and height of the area shown, in degrees (about 1.5 km × 1.1 km around Renton). */
const SPAN = {lat: 0.005, lng: 0.01}

export function embedUrl(lat: number, lng: number): string {
  const bbox = [lng - SPAN.lng, lat - SPAN.lat, lng + SPAN.lng, lat + SPAN.lat].map((n) => n.toFixed(5)).join(',')
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lng}`
}

export function largerMapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`
}

/**
 * The office on an OpenStreetMap embed, loaded only when the visitor scrolls near it (200 px ahead)
 * or presses "Show map" (no third-party code before then). Until then a static map
 * tile with the address card stands in, built from content with no external requests.
 */
export function MapEmbed({lat, lng, label, companyName, addressLines, className}: MapEmbedProps) {
  const [loaded, setLoaded] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const root = rootRef.current
    if (loaded || !root || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLoaded(true)
      },
      {rootMargin: '200px 0px'},
    )
    observer.observe(root)
    return () => observer.disconnect()
  }, [loaded])

  return (
    <div ref={rootRef} className={[styles.map, className].filter(Boolean).join(' ')} data-map={loaded ? 'loaded' : 'placeholder'}>
      <div className={styles.frame}>
        {loaded ? (
          <iframe
            className={styles.iframe}
            src={embedUrl(lat, lng)}
            title={label}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            data-map-frame=""
          />
        ) : (
          <div className={styles.placeholder}>
            <div className={styles.tile} aria-hidden="true">
              <span className={styles.pin}>
                <Icon name="map-pin" size={28} />
              </span>
            </div>
            <div className={styles.card}>
              <p className={styles.cardName}>{companyName}</p>
              <address className={styles.cardAddress}>
                {addressLines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
              <button
                type="button"
                className={buttonClassName({variant: 'secondary', size: 'sm'})}
                onClick={() => setLoaded(true)}
              >
                <Icon name="map-pin" size={16} />
                <span>Show map</span>
              </button>
            </div>
          </div>
        )}
      </div>
      <p className={styles.larger}>
        <a href={largerMapUrl(lat, lng)} target="_blank" rel="noopener noreferrer">
          View larger map<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  )
}
