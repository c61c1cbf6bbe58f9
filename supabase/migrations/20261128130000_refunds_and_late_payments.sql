-- Money in the office (issue 22): cancelling a booking with a full or partial refund, payments that
-- arrived after their booking's hold had ended, and the e-mails that failed for good.
-- Like every table here: row level security on, no policy, nothing for anon and authenticated; the
-- app's server reaches them through the database functions below as the service role.

-- A refund the office asked the payment provider for. One row per booking and purpose, claimed
-- under the booking's row lock before the provider is called, so two staff cancelling at once make
-- one provider call: the second finds the claim. The provider call carries `idempotency_key`
-- (deterministic: the booking, the purpose and the attempt), so a call repeated after a crash is the
-- same refund. A refusal by the provider marks the row failed; the next try is a new attempt.
create table public.booking_refunds (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings1 (id) on delete cascade,
  -- 'cancellation': the office cancelled the booking; 'late_payment': a payment that came after the hold ended.
  purpose text not null check (purpose in ('cancellation', 'late_payment')),
  late_payment_id uuid,
  attempt integer not null default 1 check (attempt >= 1),
  idempotency_key text not null unique,
  -- 0: cancelled without a refund (nothing is sent to the provider).
  amount_cents integer not null check (amount_cents >= 0),
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  provider text,
  provider_refund_id text,
  error text,
  staff_id uuid references public.staff (id),
  staff_name text not null,
  claimed_at timestamptz not null,
  completed_at timestamptz,
  unique (booking_id, purpose)
);

-- The local test checkout's refunds (no card was charged, so nothing is refunded: a record of what
-- Stripe would have been asked). Same idempotency rule as Stripe: the same key answers the same refund.
create table public.test_checkout_refunds (
  id text primary key check (id ~ '^test_re_[0-9a-f]{32}$'),
  session_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  idempotency_key text not null unique,
  created_at timestamptz not null
);

-- A payment that arrived for a booking whose hold had ended (expired, cancelled or failed checkout):
-- written where the webhook and the success page find it, shown in Needs attention until staff take
-- it (the booking becomes paid in its window, if it still has room) or refund it.
create table public.late_payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings1 (id) on delete cascade,
  session_id text not null unique,
  amount_cents integer not null check (amount_cents >= 0),
  currency text,
  -- The booking's payment status when the money came ('expired', 'cancelled', 'failed').
  booking_status text not null,
  received_at timestamptz not null,
  resolution text check (resolution in ('taken', 'refunded')),
  resolved_at timestamptz,
  resolved_by text,
  constraint late_payments_resolution_has_time check ((resolution is null) = (resolved_at is null))
);
create index late_payments_open on public.late_payments (received_at) where resolution is null;
create index email_outbox_failed on public.email_outbox (created_at) where status = 'failed';

alter table public.booking_refunds enable row level security;
alter table public.test_checkout_refunds enable row level security;
alter table public.late_payments enable row level security;
revoke all on table public.booking_refunds, public.test_checkout_refunds, public.late_payments from public, anon, authenticated;
grant select, insert, update on table public.booking_refunds, public.test_checkout_refunds, public.late_payments to service_role;

-- ------------------------------------------------------------------------------------------------
-- Cancelling with a refund: claim → the provider's refund → complete (or fail)
-- ------------------------------------------------------------------------------------------------

-- Claims the cancellation of a paid booking with a refund of p_amount_cents (0: none), under the
-- booking's row lock. Answers {"status": …}:
-- "claimed" (with "key", "attempt", "session_id", "provider"): call the provider with this key, then complete or fail;
-- "in_progress" (with "amount_cents", "staff_name"): another cancellation of it is under way;
-- "cancelled" (with "refunded_cents"): already cancelled; "not_paid", "too_much", "not_found".
-- A claim left pending by a server that died is taken over after 5 minutes with its own key and
-- amount (the provider answers the first refund again), only when the same amount is asked.
create function public.claim_booking_cancellation(p_id uuid, p_amount_cents integer, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  r public.booking_refunds;
  v_attempt integer := 1;
begin
  select * into v from public.bookings1 where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null then
    return jsonb_build_object('status', 'cancelled', 'refunded_cents', v.refunded_cents);
  end if;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  if p_amount_cents < 0 or p_amount_cents > v.amount_cents - v.refunded_cents then
    return jsonb_build_object('status', 'too_much', 'refundable_cents', v.amount_cents - v.refunded_cents);
  end if;
  select * into r from public.booking_refunds where booking_id = p_id and purpose = 'cancellation';
  if found then
    if r.status = 'pending' and (r.claimed_at > p_now - interval '5 minutes' or r.amount_cents <> p_amount_cents) then
      return jsonb_build_object('status', 'in_progress', 'amount_cents', r.amount_cents, 'staff_name', r.staff_name);
    end if;
    if r.status = 'pending' then
      -- Taken over: the same key, so the provider cannot refund twice.
      update public.booking_refunds
      set staff_id = (p_staff ->> 'id')::uuid, staff_name = p_staff ->> 'name', claimed_at = p_now
      where id = r.id;
      return jsonb_build_object('status', 'claimed', 'key', r.idempotency_key, 'attempt', r.attempt,
        'session_id', v.payment_session_id, 'provider', v.payment_provider);
    end if;
    -- 'failed' (a succeeded one has cancelled the booking): a new attempt with a new key.
    v_attempt := r.attempt + 1;
    update public.booking_refunds
    set attempt = v_attempt, idempotency_key = 'booking-' || p_id || '-cancellation-' || v_attempt,
      amount_cents = p_amount_cents, status = 'pending', error = null, provider_refund_id = null,
      staff_id = (p_staff ->> 'id')::uuid, staff_name = p_staff ->> 'name', claimed_at = p_now, completed_at = null
    where id = r.id;
  else
    insert into public.booking_refunds (booking_id, purpose, attempt, idempotency_key, amount_cents, status, staff_id, staff_name, claimed_at)
    values (p_id, 'cancellation', 1, 'booking-' || p_id || '-cancellation-1', p_amount_cents, 'pending',
      (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now);
  end if;
  return jsonb_build_object('status', 'claimed', 'key', 'booking-' || p_id || '-cancellation-' || v_attempt, 'attempt', v_attempt,
    'session_id', v.payment_session_id, 'provider', v.payment_provider);
end;
$$;

-- The provider refunded (or there was nothing to refund): the booking is cancelled with what was
-- refunded, the audit row names the staff member, the customer's e-mail is queued, in one
-- transaction. Answers {"status": "cancelled"} or "not_claimed" (no pending claim with this key).
create function public.complete_booking_cancellation(
  p_id uuid, p_key text, p_provider text, p_provider_refund_id text, p_staff jsonb, p_now timestamptz, p_emails jsonb
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  r public.booking_refunds;
begin
  select * into v from public.bookings1 where id = p_id for update;
  select * into r from public.booking_refunds where booking_id = p_id and purpose = 'cancellation' and idempotency_key = p_key;
  if v.id is null or r.id is null or r.status <> 'pending' or v.cancelled_at is not null then
    return jsonb_build_object('status', 'not_claimed');
  end if;
  update public.booking_refunds
  set status = 'succeeded', provider = p_provider, provider_refund_id = p_provider_refund_id, completed_at = p_now
  where id = r.id;
  update public.bookings1
  set cancelled_at = p_now, refunded_cents = refunded_cents + r.amount_cents, updated_at = p_now
  where id = p_id;
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values ((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', p_id::text, 'cancelled',
    jsonb_build_object('cancelled_at', null, 'refunded_cents', v.refunded_cents),
    jsonb_build_object('cancelled_at', p_now, 'refunded_cents', v.refunded_cents + r.amount_cents,
      'refund_id', p_provider_refund_id, 'cancellation_requested_at', v.cancellation_requested_at));
  perform public.enqueue_event_emails('booking_cancelled:' || p_id, p_emails);
  return jsonb_build_object('status', 'cancelled');
end;
$$;

-- The provider refused the refund (or could not be reached): the booking stays as it was, the
-- claim is released with the provider's message; the next try is a new attempt with a new key.
create function public.fail_booking_refund(p_key text, p_error text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.booking_refunds
  set status = 'failed', error = left(p_error, 2000), completed_at = p_now
  where idempotency_key = p_key and status = 'pending';
  return found;
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- Late payments
-- ------------------------------------------------------------------------------------------------

-- Records a payment that arrived for a booking no longer holding its place; the same checkout
-- again (the webhook and the success page both) records nothing. Answers whether it was new.
create function public.record_late_payment(p_booking_id uuid, p_session_id text, p_amount_cents integer, p_currency text, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
begin
  select * into v from public.bookings1 where id = p_booking_id;
  if not found or v.payment_status in ('pending', 'paid') then
    return false;
  end if;
  insert into public.late_payments (booking_id, session_id, amount_cents, currency, booking_status, received_at)
  values (p_booking_id, p_session_id, coalesce(p_amount_cents, v.amount_cents), p_currency, v.payment_status, p_now)
  on conflict (session_id) do nothing;
  return found;
end;
$$;

-- The late payments nobody has taken or refunded yet, oldest first, with their booking.
create function public.open_late_payments()
returns table (
  id uuid, booking_id uuid, session_id text, amount_cents integer, currency text, booking_status text, received_at timestamptz,
  first_name text, last_name text, email text, industry text, service text, date text, arrival_window text, service_family text,
  window_starts_at timestamptz, payment_provider text
)
language sql
stable
set search_path = ''
as $$
  select l.id, l.booking_id, l.session_id, l.amount_cents, l.currency, l.booking_status, l.received_at,
    b.first_name, b.last_name, b.email, b.industry, b.service, b.date::text, b.arrival_window, b.service_family,
    b.window_starts_at, b.payment_provider
  from public.late_payments l join public.bookings1 b on b.id = l.booking_id
  where l.resolution is null
  order by l.received_at;
$$;

-- Takes a late payment: its booking becomes paid in its own window if the window still has fewer
-- than p_capacity places taken (counted under the window's lock, as every booking is), with the
-- confirmation e-mails, the audit row, in one transaction. Answers {"status": "taken" | "full" |
-- "resolved" | "booking_changed" | "not_found"}.
create function public.take_late_payment(p_id uuid, p_capacity integer, p_staff jsonb, p_now timestamptz, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  l public.late_payments;
  v public.bookings1;
begin
  select * into l from public.late_payments where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if l.resolution is not null then
    return jsonb_build_object('status', 'resolved', 'resolution', l.resolution);
  end if;
  select * into v from public.bookings1 where id = l.booking_id for update;
  if v.payment_status in ('pending', 'paid') or v.cancelled_at is not null then
    return jsonb_build_object('status', 'booking_changed');
  end if;
  if v.arrival_window is not null then
    perform pg_advisory_xact_lock(hashtextextended(
      'booking window ' || v.service_family || ' ' || to_char(v.date, 'YYYY-MM-DD') || ' ' || v.arrival_window, 0));
    if public.window_places_taken(v.service_family, v.date, v.arrival_window, p_now) >= p_capacity then
      return jsonb_build_object('status', 'full');
    end if;
  end if;
  update public.bookings1
  set payment_status = 'paid', payment_session_id = l.session_id, paid_at = l.received_at, updated_at = p_now
  where id = v.id;
  update public.late_payments set resolution = 'taken', resolved_at = p_now, resolved_by = p_staff ->> 'name' where id = p_id;
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values ((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', v.id::text, 'late_payment_taken',
    jsonb_build_object('payment_status', v.payment_status, 'payment_session_id', v.payment_session_id),
    jsonb_build_object('payment_status', 'paid', 'payment_session_id', l.session_id, 'paid_at', l.received_at));
  perform public.enqueue_event_emails('booking_paid:' || v.id, p_emails);
  return jsonb_build_object('status', 'taken');
end;
$$;

-- Claims the full refund of a late payment (as claim_booking_cancellation does for a cancellation).
-- Answers "claimed" (with "key", "amount_cents", "session_id", "provider", "booking_id"), "in_progress",
-- "resolved", "not_found".
create function public.claim_late_payment_refund(p_id uuid, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  l public.late_payments;
  v public.bookings1;
  r public.booking_refunds;
  v_attempt integer := 1;
  v_key text;
begin
  select * into l from public.late_payments where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if l.resolution is not null then
    return jsonb_build_object('status', 'resolved', 'resolution', l.resolution);
  end if;
  select * into v from public.bookings1 where id = l.booking_id for update;
  select * into r from public.booking_refunds where booking_id = l.booking_id and purpose = 'late_payment';
  if found then
    if r.status = 'pending' and r.claimed_at > p_now - interval '5 minutes' then
      return jsonb_build_object('status', 'in_progress', 'staff_name', r.staff_name);
    end if;
    v_attempt := case when r.status = 'pending' then r.attempt else r.attempt + 1 end;
    v_key := 'late-payment-' || p_id || '-' || v_attempt;
    update public.booking_refunds
    set attempt = v_attempt, idempotency_key = v_key, late_payment_id = p_id, amount_cents = l.amount_cents, status = 'pending',
      error = null, staff_id = (p_staff ->> 'id')::uuid, staff_name = p_staff ->> 'name', claimed_at = p_now, completed_at = null
    where id = r.id;
  else
    v_key := 'late-payment-' || p_id || '-1';
    insert into public.booking_refunds (booking_id, purpose, late_payment_id, attempt, idempotency_key, amount_cents, status, staff_id, staff_name, claimed_at)
    values (l.booking_id, 'late_payment', p_id, 1, v_key, l.amount_cents, 'pending', (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now);
  end if;
  return jsonb_build_object('status', 'claimed', 'key', v_key, 'amount_cents', l.amount_cents, 'session_id', l.session_id,
    'provider', v.payment_provider, 'booking_id', l.booking_id);
end;
$$;

-- The late payment was refunded: resolved, the audit row, the customer's e-mail, in one transaction.
create function public.complete_late_payment_refund(
  p_id uuid, p_key text, p_provider text, p_provider_refund_id text, p_staff jsonb, p_now timestamptz, p_emails jsonb
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  l public.late_payments;
  r public.booking_refunds;
begin
  select * into l from public.late_payments where id = p_id for update;
  select * into r from public.booking_refunds where late_payment_id = p_id and purpose = 'late_payment' and idempotency_key = p_key;
  if l.id is null or r.id is null or r.status <> 'pending' or l.resolution is not null then
    return jsonb_build_object('status', 'not_claimed');
  end if;
  update public.booking_refunds
  set status = 'succeeded', provider = p_provider, provider_refund_id = p_provider_refund_id, completed_at = p_now
  where id = r.id;
  update public.late_payments set resolution = 'refunded', resolved_at = p_now, resolved_by = p_staff ->> 'name' where id = p_id;
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values ((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', l.booking_id::text, 'late_payment_refunded',
    jsonb_build_object('late_payment_session_id', l.session_id, 'amount_cents', l.amount_cents),
    jsonb_build_object('refunded_cents', r.amount_cents, 'refund_id', p_provider_refund_id));
  perform public.enqueue_event_emails('late_payment_refunded:' || p_id, p_emails);
  return jsonb_build_object('status', 'refunded');
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- Needs attention: customers' cancellation requests, e-mails that failed for good
-- ------------------------------------------------------------------------------------------------

create function public.open_cancellation_requests()
returns table (
  id uuid, first_name text, last_name text, email text, industry text, service text, date text, arrival_window text,
  amount_cents integer, cancellation_requested_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select b.id, b.first_name, b.last_name, b.email, b.industry, b.service, b.date::text, b.arrival_window, b.amount_cents,
    b.cancellation_requested_at
  from public.bookings1 b
  where b.cancellation_requested_at is not null and b.cancelled_at is null and b.payment_status = 'paid'
  order by b.cancellation_requested_at;
$$;

-- The e-mails the outbox gave up on, newest first (at most 200: the office reads them, not a report).
create function public.failed_emails()
returns table (id uuid, event_key text, template text, to_address text, last_error text, attempts integer, created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select o.id, o.event_key, o.template, o.to_address, o.last_error, o.attempts, o.created_at
  from public.email_outbox o
  where o.status = 'failed'
  order by o.created_at desc
  limit 200;
$$;

-- Sends a failed e-mail again: back to pending, due now, its attempts counted afresh (the worker
-- gives up again after as many). The audit row goes on the booking the e-mail is about, when it is
-- about one (its event key names it). Answers whether it was a failed message.
create function public.retry_failed_email(p_id uuid, p_staff jsonb, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  o public.email_outbox;
  v_booking text;
begin
  update public.email_outbox
  set status = 'pending', next_attempt_at = p_now, attempts = 0, locked_until = null, lock_token = null
  where id = p_id and status = 'failed'
  returning * into o;
  if not found then
    return false;
  end if;
  v_booking := substring(o.event_key from '^booking_[a-z_]+:([0-9a-f-]{36})');
  if v_booking is not null then
    insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
    values ((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', v_booking, 'email_sent_again',
      jsonb_build_object('template', o.template, 'last_error', o.last_error), jsonb_build_object('status', 'pending'));
  end if;
  return true;
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- The local test checkout's refunds
-- ------------------------------------------------------------------------------------------------

-- Records a test refund of a paid test session. Answers {"status": "refunded", "refund": {…}} (the
-- refund first made with this key, if any), "not_paid", "too_much" (more than is left of the
-- payment) or "key_reused" (the key was used with other parameters, as Stripe refuses it).
create function public.create_test_checkout_refund(p_id text, p_session_id text, p_amount_cents integer, p_key text, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  s public.test_checkout_sessions;
  r public.test_checkout_refunds;
  v_refunded integer;
begin
  select * into s from public.test_checkout_sessions where id = p_session_id for update;
  select * into r from public.test_checkout_refunds where idempotency_key = p_key;
  if found then
    if r.session_id <> p_session_id or r.amount_cents <> p_amount_cents then
      return jsonb_build_object('status', 'key_reused');
    end if;
    return jsonb_build_object('status', 'refunded', 'refund', to_jsonb(r));
  end if;
  if s.id is null or s.status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  select coalesce(sum(amount_cents), 0) into v_refunded from public.test_checkout_refunds where session_id = p_session_id;
  if p_amount_cents > s.amount_cents - v_refunded then
    return jsonb_build_object('status', 'too_much');
  end if;
  insert into public.test_checkout_refunds (id, session_id, amount_cents, idempotency_key, created_at)
  values (p_id, p_session_id, p_amount_cents, p_key, p_now)
  returning * into r;
  return jsonb_build_object('status', 'refunded', 'refund', to_jsonb(r));
end;
$$;

revoke all on function
  public.claim_booking_cancellation(uuid, integer, jsonb, timestamptz),
  public.complete_booking_cancellation(uuid, text, text, text, jsonb, timestamptz, jsonb),
  public.fail_booking_refund(text, text, timestamptz),
  public.record_late_payment(uuid, text, integer, text, timestamptz),
  public.open_late_payments(),
  public.take_late_payment(uuid, integer, jsonb, timestamptz, jsonb),
  public.claim_late_payment_refund(uuid, jsonb, timestamptz),
  public.complete_late_payment_refund(uuid, text, text, text, jsonb, timestamptz, jsonb),
  public.open_cancellation_requests(),
  public.failed_emails(),
  public.retry_failed_email(uuid, jsonb, timestamptz),
  public.create_test_checkout_refund(text, text, integer, text, timestamptz)
from public, anon, authenticated;
grant execute on function
  public.claim_booking_cancellation(uuid, integer, jsonb, timestamptz),
  public.complete_booking_cancellation(uuid, text, text, text, jsonb, timestamptz, jsonb),
  public.fail_booking_refund(text, text, timestamptz),
  public.record_late_payment(uuid, text, integer, text, timestamptz),
  public.open_late_payments(),
  public.take_late_payment(uuid, integer, jsonb, timestamptz, jsonb),
  public.claim_late_payment_refund(uuid, jsonb, timestamptz),
  public.complete_late_payment_refund(uuid, text, text, text, jsonb, timestamptz, jsonb),
  public.open_cancellation_requests(),
  public.failed_emails(),
  public.retry_failed_email(uuid, jsonb, timestamptz),
  public.create_test_checkout_refund(text, text, integer, text, timestamptz)
to service_role;
