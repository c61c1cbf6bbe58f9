import {queryLocalDataset} from '../../content/local-dataset'
import {carpetFormTextsQuery, commercialFormTextsQuery, exteriorFormTextsQuery, houseFormTextsQuery} from '../../content/queries'
import type {Industry} from '../catalog'
import type {BookingMessages} from '../message-keys'

const QUERIES = {house: houseFormTextsQuery, carpet: carpetFormTextsQuery, exterior: exteriorFormTextsQuery, commercial: commercialFormTextsQuery}

type FormTexts = {shared: {messages: Record<string, string | null> | null} | null; own: {messages: Record<string, string | null> | null} | null}

/**
 * One booking form's messages as the site reads them: the local dataset's Booking forms document
 * and the form's booking page, through the pages' own query (the forms' words, word for word).
 */
export async function datasetBookingMessages(form: Industry): Promise<BookingMessages> {
  const texts = await queryLocalDataset<FormTexts>(QUERIES[form], {})
  return {...texts.shared?.messages, ...texts.own?.messages} as BookingMessages
}

/** Every form's messages. */
export async function allDatasetBookingMessages(): Promise<Record<Industry, BookingMessages>> {
  const forms = ['house', 'carpet', 'exterior', 'commercial'] as const
  const messages = await Promise.all(forms.map(datasetBookingMessages))
  return Object.fromEntries(forms.map((form, index) => [form, messages[index]])) as Record<Industry, BookingMessages>
}
