/**
 * The database functions of supabase/migrations that the app calls: the one way the app writes a
 * submission with its e-mails, stores a booking in its arrival window's last places, pays a booking
 * with its e-mails, lets the customer move it or ask to cancel, works the e-mail outbox, keeps the
 * local test checkout's sessions and the app's own secrets. Each runs in one transaction in the
 * database itself, so the same guarantees hold on the embedded PGlite, on a PostgreSQL server and on
 * Supabase (where the Data API exposes them as /rpc/<name>).
 *
 * Two adapters implement `DatabaseFunctions`: SQL on a Postgres client (./sql-functions.ts) and
 * supabase-js `rpc` (./supabase-functions.ts). Argument types are listed here so the SQL adapter can
 * cast its parameters exactly as the functions declare them.
 */

type SqlType = 'jsonb' | 'uuid' | 'text' | 'integer' | 'timestamptz' | 'date' | 'boolean'

export const DATABASE_FUNCTIONS = {
  submit_quote_request: {args: {p_request: 'jsonb', p_emails: 'jsonb'}, returns: 'value'},
  submit_contact_message: {args: {p_message: 'jsonb', p_emails: 'jsonb'}, returns: 'value'},
  submit_estimate_request: {args: {p_request: 'jsonb', p_emails: 'jsonb'}, returns: 'value'},
  create_pending_booking: {args: {p_booking: 'jsonb', p_capacity: 'integer', p_now: 'timestamptz'}, returns: 'value'},
  window_places_taken_between: {args: {p_family: 'text', p_from: 'date', p_to: 'date', p_now: 'timestamptz'}, returns: 'rows'},
  mark_booking_paid: {args: {p_id: 'uuid', p_session_id: 'text', p_paid_at: 'timestamptz', p_emails: 'jsonb'}, returns: 'value'},
  reschedule_booking: {
    args: {
      p_id: 'uuid',
      p_date: 'date',
      p_window: 'text',
      p_window_starts_at: 'timestamptz',
      p_capacity: 'integer',
      p_notice_hours: 'integer',
      p_now: 'timestamptz',
      p_emails: 'jsonb',
      p_link_generation: 'integer',
    },
    returns: 'value',
  },
  request_booking_cancellation: {args: {p_id: 'uuid', p_notice_hours: 'integer', p_now: 'timestamptz', p_emails: 'jsonb', p_link_generation: 'integer'}, returns: 'value'},
  booking_changes_of: {args: {p_id: 'uuid'}, returns: 'rows'},
  app_secret: {args: {p_name: 'text'}, returns: 'value'},
  claim_outbox_messages: {args: {p_limit: 'integer', p_lease_seconds: 'integer'}, returns: 'rows'},
  complete_outbox_message: {args: {p_id: 'uuid', p_lock_token: 'uuid', p_message_id: 'text'}, returns: 'value'},
  fail_outbox_message: {args: {p_id: 'uuid', p_lock_token: 'uuid', p_error: 'text', p_retry_seconds: 'integer'}, returns: 'value'},
  release_outbox_messages: {args: {p_claims: 'jsonb'}, returns: 'value'},
  oldest_unsent_email_seconds: {args: {}, returns: 'value'},
  save_test_checkout_session: {args: {p_session: 'jsonb'}, returns: 'value'},
  get_test_checkout_session: {args: {p_id: 'text'}, returns: 'value'},
  complete_test_checkout_session: {args: {p_id: 'text', p_outcome: 'text', p_completed_at: 'timestamptz'}, returns: 'value'},
  take_rate_limit: {args: {p_key: 'text', p_limit: 'integer', p_window_seconds: 'integer', p_now: 'timestamptz'}, returns: 'value'},
  claim_booking_payment_check: {args: {p_id: 'uuid', p_interval_seconds: 'integer', p_now: 'timestamptz'}, returns: 'value'},
  // The office's sign-in, sessions and staff (issue 22, 20261122000600_baseline_office.sql).
  seed_first_owner: {args: {p_email: 'text', p_name: 'text'}, returns: 'value'},
  request_staff_sign_in: {
    args: {p_email: 'text', p_token_hash: 'text', p_binding_hash: 'text', p_now: 'timestamptz', p_expires_at: 'timestamptz', p_emails: 'jsonb'},
    returns: 'value',
  },
  consume_staff_sign_in: {
    args: {p_token_hash: 'text', p_binding_hash: 'text', p_session_hash: 'text', p_now: 'timestamptz', p_idle_seconds: 'integer', p_absolute_seconds: 'integer'},
    returns: 'value',
  },
  staff_session: {args: {p_session_hash: 'text', p_now: 'timestamptz', p_idle_seconds: 'integer', p_refresh_seconds: 'integer'}, returns: 'value'},
  end_staff_session: {args: {p_session_hash: 'text', p_now: 'timestamptz'}, returns: 'value'},
  current_staff: {args: {}, returns: 'rows'},
  add_staff_member: {args: {p_staff: 'jsonb', p_member: 'jsonb', p_emails: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  edit_staff_member: {args: {p_staff: 'jsonb', p_member_id: 'uuid', p_changes: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  remove_staff_member: {args: {p_staff: 'jsonb', p_member_id: 'uuid', p_now: 'timestamptz'}, returns: 'value'},
  staff_actions_of: {args: {p_subject_kind: 'text', p_subject_id: 'text'}, returns: 'rows'},
  staff_actions_on_staff: {args: {p_limit: 'integer'}, returns: 'rows'},
  // The office's schedule and bookings list (20261122000600_baseline_office.sql).
  office_bookings_between: {args: {p_from: 'date', p_to: 'date'}, returns: 'rows'},
  office_search_bookings: {args: {p_filter: 'jsonb', p_sort: 'text', p_limit: 'integer', p_offset: 'integer', p_now: 'timestamptz'}, returns: 'value'},
  claim_booking_cancellation: {args: {p_id: 'uuid', p_amount_cents: 'integer', p_staff: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  complete_booking_cancellation: {
    args: {p_id: 'uuid', p_key: 'text', p_provider: 'text', p_provider_refund_id: 'text', p_staff: 'jsonb', p_now: 'timestamptz', p_emails: 'jsonb'},
    returns: 'value',
  },
  // Refunds apart from cancelling.
  claim_booking_refund: {args: {p_id: 'uuid', p_key: 'text', p_amount_cents: 'integer', p_reason: 'text', p_staff: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  complete_booking_refund: {
    args: {p_id: 'uuid', p_key: 'text', p_provider: 'text', p_provider_refund_id: 'text', p_staff: 'jsonb', p_now: 'timestamptz', p_emails: 'jsonb'},
    returns: 'value',
  },
  fail_booking_refund: {args: {p_key: 'text', p_error: 'text', p_now: 'timestamptz'}, returns: 'value'},
  record_late_payment: {args: {p_booking_id: 'uuid', p_session_id: 'text', p_amount_cents: 'integer', p_currency: 'text', p_now: 'timestamptz'}, returns: 'value'},
  open_late_payments: {args: {}, returns: 'rows'},
  take_late_payment: {args: {p_id: 'uuid', p_capacity: 'integer', p_staff: 'jsonb', p_now: 'timestamptz', p_emails: 'jsonb'}, returns: 'value'},
  claim_late_payment_refund: {args: {p_id: 'uuid', p_staff: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  complete_late_payment_refund: {
    args: {p_id: 'uuid', p_key: 'text', p_provider: 'text', p_provider_refund_id: 'text', p_staff: 'jsonb', p_now: 'timestamptz', p_emails: 'jsonb'},
    returns: 'value',
  },
  open_cancellation_requests: {args: {}, returns: 'rows'},
  failed_emails: {args: {}, returns: 'rows'},
  retry_failed_email: {args: {p_id: 'uuid', p_staff: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  create_test_checkout_refund: {args: {p_id: 'text', p_session_id: 'text', p_amount_cents: 'integer', p_key: 'text', p_now: 'timestamptz'}, returns: 'value'},
  office_move_booking: {
    args: {
      p_id: 'uuid',
      p_date: 'date',
      p_window: 'text',
      p_window_starts_at: 'timestamptz',
      p_capacity: 'integer',
      p_now: 'timestamptz',
      p_staff: 'jsonb',
      p_emails: 'jsonb',
      p_link_generation: 'integer',
    },
    returns: 'value',
  },
  // p_emails: the review request (i24-reminders, recreated in 20261122000300_baseline_outboxes.sql).
  office_mark_booking_outcome: {args: {p_id: 'uuid', p_outcome: 'text', p_now: 'timestamptz', p_staff: 'jsonb', p_emails: 'jsonb'}, returns: 'value'},
  office_resend_confirmation: {args: {p_id: 'uuid', p_now: 'timestamptz', p_staff: 'jsonb', p_emails: 'jsonb', p_link_generation: 'integer'}, returns: 'value'},
  office_add_booking_note: {args: {p_id: 'uuid', p_body: 'text', p_now: 'timestamptz', p_staff: 'jsonb'}, returns: 'value'},
  booking_notes_of: {args: {p_id: 'uuid'}, returns: 'rows'},
  customer_booking_changes_of: {args: {p_id: 'uuid'}, returns: 'rows'},
  // The office's leads (lib/office/leads.ts).
  office_leads: {args: {p_filter: 'jsonb', p_limit: 'integer', p_offset: 'integer'}, returns: 'rows'},
  office_lead: {args: {p_kind: 'text', p_id: 'uuid'}, returns: 'value'},
  office_lead_assignees: {args: {}, returns: 'rows'},
  set_lead_status: {args: {p_kind: 'text', p_id: 'uuid', p_from: 'text', p_to: 'text', p_staff: 'jsonb'}, returns: 'value'},
  assign_lead: {args: {p_kind: 'text', p_id: 'uuid', p_assignee: 'uuid', p_staff: 'jsonb'}, returns: 'value'},
  add_lead_note: {args: {p_kind: 'text', p_id: 'uuid', p_body: 'text', p_staff: 'jsonb'}, returns: 'value'},
  reply_to_lead: {
    args: {p_kind: 'text', p_id: 'uuid', p_reply_key: 'uuid', p_from: 'text', p_status_after: 'text', p_staff: 'jsonb', p_emails: 'jsonb'},
    returns: 'value',
  },
  // Crews' calendars (issue 22, 20261122000600_baseline_office.sql).
  make_crew_calendar_token: {args: {p_crew: 'text', p_token_hash: 'text', p_staff: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  revoke_crew_calendar_token: {args: {p_crew: 'text', p_staff: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  crew_calendar_addresses: {args: {}, returns: 'rows'},
  crew_calendar_reader: {args: {p_token_hash: 'text', p_now: 'timestamptz'}, returns: 'value'},
  crew_calendar_bookings: {args: {p_crew: 'text', p_from: 'date', p_to: 'date'}, returns: 'rows'},
  // Scheduled jobs (issue 24, 20261122000200_baseline_plans_and_charges.sql).
  claim_scheduled_job: {args: {p_name: 'text', p_now: 'timestamptz', p_lease_seconds: 'integer'}, returns: 'value'},
  finish_scheduled_job: {
    args: {p_name: 'text', p_token: 'uuid', p_now: 'timestamptz', p_every_seconds: 'integer', p_error: 'text', p_result: 'jsonb'},
    returns: 'value',
  },
  plan_by_id: {args: {p_id: 'uuid'}, returns: 'value'},
  plan_visits: {args: {p_plan_id: 'uuid'}, returns: 'rows'},
  plan_charges_of: {args: {p_plan_id: 'uuid'}, returns: 'rows'},
  // i24-manage: the customer's and the office's changes of a plan (20261122000200_baseline_plans_and_charges.sql).
  skip_plan_visit: {
    args: {p_plan_id: 'uuid', p_booking_id: 'uuid', p_notice_hours: 'integer', p_now: 'timestamptz', p_staff: 'jsonb', p_emails: 'jsonb'},
    returns: 'value',
  },
  pause_plan: {args: {p_plan_id: 'uuid', p_notice_hours: 'integer', p_now: 'timestamptz', p_staff: 'jsonb', p_emails: 'jsonb'}, returns: 'value'},
  resume_plan: {args: {p_plan_id: 'uuid', p_now: 'timestamptz', p_staff: 'jsonb', p_emails: 'jsonb'}, returns: 'value'},
  cancel_plan: {
    args: {
      p_plan_id: 'uuid',
      p_notice_hours: 'integer',
      p_now: 'timestamptz',
      p_staff: 'jsonb',
      p_charge_early: 'boolean',
      p_lease_seconds: 'integer',
      p_emails: 'jsonb',
    },
    returns: 'value',
  },
  record_early_cancellation_charge: {
    args: {
      p_plan_id: 'uuid',
      p_amount_cents: 'integer',
      p_status: 'text',
      p_provider_payment_id: 'text',
      p_error_code: 'text',
      p_error_message: 'text',
      p_now: 'timestamptz',
      p_emails: 'jsonb',
    },
    returns: 'value',
  },
  claim_early_cancellation_charge: {args: {p_plan_id: 'uuid', p_now: 'timestamptz', p_lease_seconds: 'integer'}, returns: 'value'},
  plan_changes_of: {args: {p_plan_id: 'uuid'}, returns: 'rows'},
  office_plans: {args: {p_status: 'text', p_now: 'timestamptz', p_limit: 'integer'}, returns: 'rows'},
  // end i24-manage
  // i24-plans: plans made and rolled forward (20261122000200_baseline_plans_and_charges.sql).
  create_plan_for_booking: {args: {p_booking_id: 'uuid', p_plan: 'jsonb'}, returns: 'value'},
  add_plan_visit: {args: {p_plan_id: 'uuid', p_visit: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  plans_to_roll_forward: {args: {p_through: 'date', p_after: 'uuid', p_limit: 'integer'}, returns: 'rows'},
  paid_bookings_without_plan: {args: {p_paid_before: 'timestamptz', p_limit: 'integer'}, returns: 'rows'},
  // end i24-plans
  // i24-charges: the plan charge job (20261122000200_baseline_plans_and_charges.sql).
  claim_plan_charges: {args: {p_now: 'timestamptz', p_limit: 'integer', p_lease_seconds: 'integer', p_plan_id: 'uuid'}, returns: 'rows'},
  record_plan_charge: {args: {p_booking_id: 'uuid', p_lock_token: 'uuid', p_charge: 'jsonb', p_now: 'timestamptz', p_emails: 'jsonb'}, returns: 'value'},
  plan_visits_to_release: {args: {p_now: 'timestamptz', p_limit: 'integer'}, returns: 'rows'},
  release_plan_visit: {args: {p_booking_id: 'uuid', p_now: 'timestamptz', p_emails: 'jsonb'}, returns: 'value'},
  // end i24-charges
  // Saved cards: the test checkout's cards, charges
  // and card updates, and a plan's new card.
  choose_test_checkout_card: {args: {p_id: 'text', p_choice: 'jsonb'}, returns: 'value'},
  charge_test_checkout_card: {args: {p_charge: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  save_test_checkout_card_update: {args: {p_session: 'jsonb'}, returns: 'value'},
  get_test_checkout_card_update: {args: {p_id: 'text'}, returns: 'value'},
  complete_test_checkout_card_update: {args: {p_id: 'text', p_outcome: 'text', p_completed_at: 'timestamptz'}, returns: 'value'},
  replace_plan_card: {args: {p_plan_id: 'uuid', p_session_id: 'text', p_card: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  // end i24-payments
  // Reconciling payments made outside the site's requests (20261122000600_baseline_office.sql).
  reconcile_plan_charge: {args: {p_booking_id: 'uuid', p_charge: 'jsonb', p_now: 'timestamptz', p_emails: 'jsonb'}, returns: 'value'},
  record_provider_refund: {args: {p_refund: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  record_payment_dispute: {args: {p_dispute: 'jsonb', p_now: 'timestamptz'}, returns: 'value'},
  open_payment_disputes: {args: {}, returns: 'rows'},
  find_test_checkout_charge: {args: {p_key: 'text'}, returns: 'value'},
  find_test_checkout_refund: {args: {p_key: 'text'}, returns: 'value'},
  // i24-reminders: reminders before visits and the review request (20261122000300_baseline_outboxes.sql).
  visits_due_reminder: {args: {p_now: 'timestamptz', p_lead_seconds: 'integer', p_min_notice_seconds: 'integer', p_limit: 'integer'}, returns: 'rows'},
  queue_visit_reminders: {args: {p_now: 'timestamptz', p_lead_seconds: 'integer', p_min_notice_seconds: 'integer', p_emails: 'jsonb'}, returns: 'value'},
  // i24-texts: the text outbox, opt-outs and "Mark started" (20261122000300_baseline_outboxes.sql).
  enqueue_texts: {args: {p_texts: 'jsonb'}, returns: 'value'},
  claim_text_messages: {args: {p_limit: 'integer', p_lease_seconds: 'integer', p_now: 'timestamptz'}, returns: 'rows'},
  complete_text_message: {
    args: {p_id: 'uuid', p_lock_token: 'uuid', p_provider_message_id: 'text', p_provider_status: 'text', p_now: 'timestamptz'},
    returns: 'value',
  },
  fail_text_message: {args: {p_id: 'uuid', p_lock_token: 'uuid', p_error: 'text', p_retry_seconds: 'integer', p_now: 'timestamptz'}, returns: 'value'},
  skip_text_message: {args: {p_id: 'uuid', p_lock_token: 'uuid', p_reason: 'text', p_now: 'timestamptz'}, returns: 'value'},
  defer_text_message: {args: {p_id: 'uuid', p_lock_token: 'uuid', p_until: 'timestamptz'}, returns: 'value'},
  release_text_messages: {args: {p_claims: 'jsonb'}, returns: 'value'},
  record_text_status: {args: {p_provider_message_id: 'text', p_status: 'text', p_error_code: 'text', p_now: 'timestamptz'}, returns: 'value'},
  record_sms_opt_out: {args: {p_phone: 'text', p_source: 'text', p_now: 'timestamptz'}, returns: 'value'},
  record_sms_opt_in: {args: {p_phone: 'text'}, returns: 'value'},
  visits_for_text_reminders: {args: {p_from: 'timestamptz', p_to: 'timestamptz'}, returns: 'rows'},
  office_mark_booking_started: {args: {p_id: 'uuid', p_now: 'timestamptz', p_staff: 'jsonb', p_text: 'jsonb'}, returns: 'value'},
  // end i24-texts
} as const satisfies Record<string, {args: Record<string, SqlType>; returns: 'value' | 'rows'}>

export type DatabaseFunctionName = keyof typeof DATABASE_FUNCTIONS
type Spec<N extends DatabaseFunctionName> = (typeof DATABASE_FUNCTIONS)[N]
/** The arguments of a function, by name; `null` passes SQL NULL. */
export type DatabaseFunctionArgs<N extends DatabaseFunctionName> = {[K in keyof Spec<N>['args']]: unknown}
export type ValueFunctionName = {[N in DatabaseFunctionName]: Spec<N>['returns'] extends 'value' ? N : never}[DatabaseFunctionName]
export type RowsFunctionName = {[N in DatabaseFunctionName]: Spec<N>['returns'] extends 'rows' ? N : never}[DatabaseFunctionName]

export interface DatabaseFunctions {
  /** Calls a function that answers one value (jsonb, boolean). */
  value<T>(name: ValueFunctionName, args: DatabaseFunctionArgs<ValueFunctionName>): Promise<T>
  /** Calls a set-returning function: its rows, as the adapter's driver gives them. */
  rows<R = Record<string, unknown>>(name: RowsFunctionName, args: DatabaseFunctionArgs<RowsFunctionName>): Promise<R[]>
}

/** A database call that failed (unreachable, a constraint refused the row, …). */
export class DatabaseError extends Error {
  readonly code: string | undefined

  constructor(message: string, options?: {code?: string; cause?: unknown}) {
    super(message, {cause: options?.cause})
    this.name = 'DatabaseError'
    this.code = options?.code
  }
}

/** The argument names and SQL types of a function, in declaration order. */
export function functionArguments(name: DatabaseFunctionName): [string, SqlType][] {
  return Object.entries(DATABASE_FUNCTIONS[name].args) as [string, SqlType][]
}
