import type {SiteSettingsQueryResult, TextMessagesQueryResult} from '@/sanity.types'
import {queryLocalDataset} from '../../content/local-dataset'
import {present} from '../../content/present'
import {siteSettingsQuery, textMessagesQuery} from '../../content/queries'
import type {TextMessage} from '../outbox'
import {composeOutboxText, type TextWording} from '../messages'
import type {OutgoingText} from '../transport'

/** The texts' wording and the business's name from the local dataset, with the server's queries. */
export async function textContentFromDataset(): Promise<{wording: TextWording; businessName: string}> {
  const [wording, site] = await Promise.all([queryLocalDataset<TextMessagesQueryResult>(textMessagesQuery), queryLocalDataset<SiteSettingsQueryResult>(siteSettingsQuery)])
  return {wording: present(wording, 'Text messages'), businessName: present(site, 'Site settings').companyName}
}

/** The worker's `compose` as the server wires it, with the dataset's wording. */
export async function datasetComposer(): Promise<(message: TextMessage) => Promise<OutgoingText>> {
  const {wording, businessName} = await textContentFromDataset()
  return async (message) => ({to: message.to, reference: message.eventKey, body: composeOutboxText(message, wording, businessName, 'http://localhost:3000')})
}
