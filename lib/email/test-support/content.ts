import type {EmailSettingsQueryResult, SiteSettingsQueryResult} from '@/sanity.types'
import {queryLocalDataset} from '../../content/local-dataset'
import {present} from '../../content/present'
import {emailSettingsQuery, siteSettingsQuery} from '../../content/queries'
import type {EmailCompany, EmailWording} from '../compose'

/**
 * The e-mail wording and the company facts from the local dataset (studio/dataset/production.ndjson),
 * read with the same GROQ queries the server uses (lib/content), without React's request cache.
 */
export async function emailContentFromDataset(): Promise<{wording: EmailWording; company: EmailCompany}> {
  const [wording, site] = await Promise.all([
    queryLocalDataset<EmailSettingsQueryResult>(emailSettingsQuery),
    queryLocalDataset<SiteSettingsQueryResult>(siteSettingsQuery),
  ])
  const settings = present(site, 'Site settings')
  return {
    wording: present(wording, 'E-mails'),
    company: {companyName: settings.companyName, email: settings.email, phone: settings.phone, address: settings.address},
  }
}
