import {formatCompanyDateTime, formatDate, formatPhone} from '../../format'
import type {OfficeLead, OfficeLeadKind} from './actions'
import {leadWords} from './words'

/** The fields of each kind of submission, in the order its form asks for them. */
const FIELD_ORDER: Record<OfficeLeadKind, string[]> = {
  quote_request: ['first_name', 'last_name', 'email', 'phone', 'zip_code', 'square_footage', 'desired_services', 'heard_about_us', 'terms_accepted_at', 'page_title', 'page_path'],
  contact_message: ['name', 'email', 'phone', 'message', 'page_path'],
  // Estimate requests, then the earlier appointment form's fields (older rows have those instead).
  estimate_request: [
    'full_name',
    'email',
    'phone',
    'address',
    'zip_code',
    'service',
    'visit_date',
    'visit_window',
    'walkthrough',
    'notes',
    'patient_name',
    'patient_phone',
    'patient_gender',
    'appointment_local',
    'preferred_mode',
    'page_path',
  ],
}

function shown(key: string, value: unknown): string {
  if (typeof value === 'string' && (key === 'phone' || key === 'patient_phone')) return formatPhone(value)
  if (typeof value === 'string' && key === 'visit_date') return formatDate(value)
  if (typeof value === 'string' && key === 'terms_accepted_at') return formatCompanyDateTime(value)
  if (typeof value === 'string' && key === 'walkthrough') return leadWords.walkthrough[value] ?? value
  return String(value)
}

/** Every field the customer sent, labelled, in the form's order; empty ones left out. */
export function leadFieldRows(lead: Pick<OfficeLead, 'kind' | 'fields'>): {key: string; label: string; value: string}[] {
  return FIELD_ORDER[lead.kind]
    .filter((key) => lead.fields[key] !== null && lead.fields[key] !== undefined && lead.fields[key] !== '')
    .map((key) => ({key, label: leadWords.fields[key] ?? key, value: shown(key, lead.fields[key])}))
}
