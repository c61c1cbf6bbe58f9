-- Refunds apart from cancelling: the owner refunds any part of what is left of a paid booking,
-- with a reason the customer's e-mail states, the visit kept. Several refunds per booking, their
-- total never above what was paid: checked when each is claimed, under the booking's row lock,
-- counting the refunds already made and those still pending (claimed, the provider not yet known).

-- The ledger shared with the Stripe webhook's refunds made outside the site ('outside'): one
-- cancellation and one late-payment refund per booking, any number of the others.
alter table public.booking_refunds drop constraint if exists booking_refunds_booking_id_purpose_key;
create unique index if not exists booking_refunds_one_per_booking on public.booking_refunds (booking_id, purpose) where purpose in ('cancellation', 'late_payment');
alter table public.booking_refunds drop constraint if exists booking_refunds_purpose_check;
alter table public.booking_refunds add constraint booking_refunds_purpose_check check (purpose in ('cancellation', 'late_payment', 'refund', 'outside'));
alter table public.booking_refunds add column if not exists reason text;
create unique index if not exists booking_refunds_provider_refund on public.booking_refunds (provider, provider_refund_id) where provider_refund_id is not null;

create index if not exists booking_refunds_pending on public.booking_refunds (booking_id) where status = 'pending';

-- What may still be refunded of a booking whose row the caller holds locked: what was paid, less
-- the refunds that succeeded (bookings1.refunded_cents) and those claimed but not yet finished
-- (other than the claim p_except, being taken over). Late payments are money of their own, apart
-- from the booking's payment.
create or replace function public.booking_refundable_cents(p_booking public.bookings1, p_except uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select case when p_booking.payment_status = 'paid' then
    greatest(0, p_booking.amount_cents - p_booking.refunded_cents - coalesce((
      select sum(r.amount_cents)::integer from public.booking_refunds r
      where r.booking_id = p_booking.id and r.status = 'pending' and r.purpose in ('cancellation', 'refund')
        and r.id is distinct from p_except), 0))
  else 0 end;
$$;

-- As before (20261128130000), but the refund allowed is what is left after earlier refunds and
-- pending ones, so a cancellation and a refund claimed at once cannot together exceed what was paid.
create or replace function public.claim_booking_cancellation(p_id uuid, p_amount_cents integer, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  r public.booking_refunds;
  v_attempt integer := 1;
  v_left integer;
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
  select * into r from public.booking_refunds where booking_id = p_id and purpose = 'cancellation';
  v_left := public.booking_refundable_cents(v, r.id);
  if r.id is not null and r.status = 'pending' and (r.claimed_at > p_now - interval '5 minutes' or r.amount_cents <> p_amount_cents) then
    return jsonb_build_object('status', 'in_progress', 'amount_cents', r.amount_cents, 'staff_name', r.staff_name);
  end if;
  if p_amount_cents < 0 or p_amount_cents > v_left then
    return jsonb_build_object('status', 'too_much', 'refundable_cents', v_left);
  end if;
  if r.id is not null then
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

-- Claims a refund of p_amount_cents (> 0) of a paid booking, with its reason, under the booking's
-- row lock. p_key is the confirmation's one-time form key: the refund's idempotency key is made of
-- it, so posting one confirmation twice (a double click, a replay) finds the first claim, and two
-- members who each confirmed make two refunds only if both fit in what is left. Answers {"status": …}:
-- "claimed" (with "key", "session_id", "provider"): call the provider with this key, then complete or fail;
-- "refunded" (with "amount_cents"): this confirmation was already carried out;
-- "in_progress" (with "staff_name"): this confirmation is being carried out (or its provider did not
-- answer: after 5 minutes the same key is claimed again, so the provider answers the first refund);
-- "used": this confirmation's refund was refused (nothing was refunded; confirm again);
-- "key_reused": the key came with another amount or reason; "too_much" (with "refundable_cents");
-- "not_paid"; "not_found".
create or replace function public.claim_booking_refund(p_id uuid, p_key text, p_amount_cents integer, p_reason text, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  r public.booking_refunds;
  v_key text := 'booking-' || p_id || '-refund-' || p_key;
  v_left integer;
begin
  select * into v from public.bookings1 where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  select * into r from public.booking_refunds where idempotency_key = v_key;
  if r.id is not null then
    if r.booking_id <> p_id or r.purpose <> 'refund' or r.amount_cents <> p_amount_cents or r.reason is distinct from p_reason then
      return jsonb_build_object('status', 'key_reused');
    end if;
    if r.status = 'succeeded' then
      return jsonb_build_object('status', 'refunded', 'amount_cents', r.amount_cents);
    end if;
    if r.status = 'failed' then
      return jsonb_build_object('status', 'used');
    end if;
    if r.claimed_at > p_now - interval '5 minutes' then
      return jsonb_build_object('status', 'in_progress', 'staff_name', r.staff_name);
    end if;
    -- Taken over: the same key, so the provider cannot refund twice.
    update public.booking_refunds
    set staff_id = (p_staff ->> 'id')::uuid, staff_name = p_staff ->> 'name', claimed_at = p_now
    where id = r.id;
    return jsonb_build_object('status', 'claimed', 'key', v_key, 'session_id', v.payment_session_id, 'provider', v.payment_provider);
  end if;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  v_left := public.booking_refundable_cents(v, null);
  if p_amount_cents <= 0 or p_amount_cents > v_left then
    return jsonb_build_object('status', 'too_much', 'refundable_cents', v_left);
  end if;
  insert into public.booking_refunds (booking_id, purpose, attempt, idempotency_key, amount_cents, reason, status, staff_id, staff_name, claimed_at)
  values (p_id, 'refund', 1, v_key, p_amount_cents, p_reason, 'pending', (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now);
  return jsonb_build_object('status', 'claimed', 'key', v_key, 'session_id', v.payment_session_id, 'provider', v.payment_provider);
end;
$$;

-- The provider refunded: the refund succeeded, the booking's refunded total grows by it, the audit
-- row names the member, the amount and the reason, the customer's e-mail is queued, in one
-- transaction. Answers {"status": "refunded"} or "not_claimed" (no pending claim with this key).
create or replace function public.complete_booking_refund(
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
  select * into r from public.booking_refunds where booking_id = p_id and purpose = 'refund' and idempotency_key = p_key;
  if v.id is null or r.id is null or r.status <> 'pending' then
    return jsonb_build_object('status', 'not_claimed');
  end if;
  -- Claimed within what was left, so this holds; checked again: never more back than was paid.
  if v.refunded_cents + r.amount_cents > v.amount_cents then
    raise exception 'refunds of booking % would exceed what was paid', p_id;
  end if;
  update public.booking_refunds
  set status = 'succeeded', provider = p_provider, provider_refund_id = p_provider_refund_id, completed_at = p_now
  where id = r.id;
  update public.bookings1
  set refunded_cents = refunded_cents + r.amount_cents, updated_at = p_now
  where id = p_id;
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values ((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', p_id::text, 'refunded',
    jsonb_build_object('refunded_cents', v.refunded_cents),
    jsonb_build_object('refunded_cents', v.refunded_cents + r.amount_cents, 'amount_cents', r.amount_cents,
      'reason', r.reason, 'refund_id', p_provider_refund_id));
  perform public.enqueue_event_emails('booking_refunded:' || p_id || ':' || r.id, p_emails);
  return jsonb_build_object('status', 'refunded');
end;
$$;

revoke all on function
  public.booking_refundable_cents(public.bookings1, uuid),
  public.claim_booking_refund(uuid, text, integer, text, jsonb, timestamptz),
  public.complete_booking_refund(uuid, text, text, text, jsonb, timestamptz, jsonb)
from public, anon, authenticated;
grant execute on function
  public.booking_refundable_cents(public.bookings1, uuid),
  public.claim_booking_refund(uuid, text, integer, text, jsonb, timestamptz),
  public.complete_booking_refund(uuid, text, text, text, jsonb, timestamptz, jsonb)
to service_role;
