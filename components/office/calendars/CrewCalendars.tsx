import {formatCompanyDateTime} from '@/lib/format'
import type {CalendarCrew} from '@/lib/office/calendars/rules'
import {crewCalendarWords as words} from '@/lib/office/calendars/words'
import shared from '@/components/office/office-page.module.css'
import {CopyAddress} from './CopyAddress'
import styles from './CrewCalendars.module.css'

export type CrewCalendarRow = {
  crew: CalendarCrew
  crewName: string
  /** The working address's facts (never the address: only its fingerprint is kept), or null. */
  working: {madeAt: string; madeBy: string; lastReadAt: string | null} | null
  /** The address just made, shown this once. */
  newAddress: {https: string; webcal: string} | null
}

type Props = {rows: CrewCalendarRow[]; message: {text: string; problem: boolean} | null; history?: React.ReactNode}

/** /office/calendars: each crew's subscription address, made, replaced and revoked with plain forms. */
export function CrewCalendars({rows, message, history}: Props) {
  return (
    <div className={styles.page}>
      <h1 className={shared.title}>{words.pageTitle}</h1>
      <p className={shared.intro}>{words.intro}</p>
      {message ? (
        <p className={message.problem ? shared.problem : shared.notice} role={message.problem ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      <p>{words.feedHolds}</p>
      <p className={styles.warning}>{words.secretNote}</p>
      <section aria-labelledby="how-to-subscribe" className={styles.howTo}>
        <h2 id="how-to-subscribe" className={styles.subheading}>
          {words.howToSubscribe.heading}
        </h2>
        <ul>
          <li>{words.howToSubscribe.iphone}</li>
          <li>{words.howToSubscribe.android}</li>
          <li>{words.howToSubscribe.refresh}</li>
        </ul>
      </section>
      {rows.map((row) => (
        <section key={row.crew} aria-labelledby={`crew-${row.crew}`} className={styles.crew}>
          <h2 id={`crew-${row.crew}`} className={styles.subheading}>
            {words.crewHeading(row.crewName)}
          </h2>
          {row.newAddress ? (
            <div id="new-address" className={styles.newAddress}>
              <h3 className={styles.minorHeading}>{words.newAddressHeading}</h3>
              <p>{words.newAddressOnce}</p>
              <CopyAddress
                address={row.newAddress.https}
                webcal={row.newAddress.webcal}
                words={{label: words.addressLabel, copy: words.copy, copied: words.copied, copyFailed: words.copyFailed, webcalLink: words.webcalLink}}
              />
            </div>
          ) : null}
          {row.working ? (
            <p>
              {words.addressMade(formatCompanyDateTime(row.working.madeAt), row.working.madeBy)}{' '}
              {row.working.lastReadAt ? words.lastRead(formatCompanyDateTime(row.working.lastReadAt)) : words.neverRead}
            </p>
          ) : (
            <p>{words.noAddress}</p>
          )}
          <div className={styles.actions}>
            <form method="post" action={`/office/calendars/${row.crew}/new`}>
              <button type="submit" className={styles.button}>
                {row.working ? words.makeNewAddress : words.makeAddress}
              </button>
            </form>
            {row.working ? (
              <form method="post" action={`/office/calendars/${row.crew}/revoke`}>
                <button type="submit" className={styles.secondaryButton}>
                  {words.revokeAddress}
                </button>
              </form>
            ) : null}
          </div>
        </section>
      ))}
      {history}
    </div>
  )
}
