-- Payments made outside the site's own requests, reconciled from the provider's signed webhooks
-- (lib/booking/reconcile.ts): an off-session plan charge whose answer the charge job never recorded,
-- a refund made in the provider's dashboard, a dispute (chargeback) the customer's bank opened.
-- Each function is idempotent by its natural key (the charge's idempotency key or payment id, the
-- provider's refund id, the provider's dispute id), so a replayed event changes nothing twice, and
-- each checks the state it finds, so events arriving out of order never undo a later truth.

-- The refund ledger takes several refunds per booking (the office's own standalone refunds and the
-- ones made at the provider); cancellation and late-payment refunds stay one per booking. Written to
-- be safe to run twice (the same block is in another migration of the same day).
alter table public.booking_refunds drop constraint if exists booking_refunds_booking_id_purpose_key;
create unique index if not exists booking_refunds_one_per_booking on public.booking_refunds (booking_id, purpose) where purpose in ('cancellation', 'late_payment');
alter table public.booking_refunds drop constraint if exists booking_refunds_purpose_check;
alter table public.booking_refunds add constraint booking_refunds_purpose_check check (purpose in ('cancellation', 'late_payment', 'refund', 'outside'));
alter table public.booking_refunds add column if not exists reason text;
create unique index if not exists booking_refunds_provider_refund on public.booking_refunds (provider, provider_refund_id) where provider_refund_id is not null;

-- A dispute (chargeback) of a payment, as the provider last reported it; shown in Needs attention
-- until the provider closes it (won or lost).
create table public.payment_disputes (
  id uuid primary key default gen_random_uuid(),
  provider text not null,
  provider_dispute_id text not null,
  -- The disputed payment (Stripe: pi_…), when the provider names it.
  provider_payment_id text,
  -- The booking the payment was for (null: a payment this site does not know).
  booking_id uuid references public.bookings1 (id) on delete set null,
  amount_cents integer not null check (amount_cents >= 0),
  currency text,
  -- The provider's reason ('fraudulent', 'product_not_received', …).
  reason text,
  -- The provider's status ('needs_response', 'under_review', 'won', 'lost', …).
  status text not null,
  opened_at timestamptz not null,
  updated_at timestamptz not null,
  unique (provider, provider_dispute_id)
);
create index payment_disputes_opened on public.payment_disputes (opened_at desc);

alter table public.payment_disputes enable row level security;
revoke all on table public.payment_disputes from public, anon, authenticated;
grant select, insert, update on table public.payment_disputes to service_role;

-- An off-session plan charge as the provider's webhook reports it (payment_intent.succeeded or
-- payment_intent.payment_failed), recorded on the visit exactly as the charge job would have, unless
-- it already was. p_charge: {outcome: 'succeeded' | 'declined' | 'authentication_required',
-- provider, payment_id, amount_cents, idempotency_key (the charge's key from the payment's metadata;
-- null for a payment made before keys were sent), code, message, card_deadline_at, event_key}.
-- Answers:
-- - 'charged': the visit was waiting (scheduled, charging or declined) and is now paid;
-- - 'declined': the visit was waiting for this charge and now waits for a new card (the customer's
--   e-mail p_emails queued under event_key, once);
-- - 'late': the visit had been released for want of a card: the money is a late payment, shown in
--   Needs attention (take or refund);
-- - 'already': nothing to change (recorded before: a replay, or the job's own record came first);
-- - 'stale': a failure of an earlier card, or of a charge that later succeeded: never undoes a
--   success nor declines a visit a newer card is to pay;
-- - 'recorded': money taken for a visit skipped or cancelled meanwhile (the charge row shows the
--   office a charge to refund, as the job records it);
-- - 'unknown': no plan visit with this id.
create function public.reconcile_plan_charge(p_booking_id uuid, p_charge jsonb, p_now timestamptz, p_emails jsonb)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1%rowtype;
  p public.booking_plans%rowtype;
  v_outcome text := p_charge ->> 'outcome';
  v_payment text := p_charge ->> 'payment_id';
  v_key text;
begin
  if v_outcome is null or v_outcome not in ('succeeded', 'declined', 'authentication_required') then
    raise exception 'Unknown charge outcome: %', coalesce(v_outcome, 'none') using errcode = '22023';
  end if;
  select * into v from public.bookings1 where id = p_booking_id for update;
  if not found or v.plan_id is null then
    return 'unknown';
  end if;
  select * into p from public.booking_plans where id = v.plan_id;
  v_key := coalesce(nullif(p_charge ->> 'idempotency_key', ''), 'plan-visit:' || v.id || ':payment-' || coalesce(v_payment, 'none'));

  if v_outcome = 'succeeded' then
    -- Money taken is kept, whatever was recorded of this key before (a success is final).
    insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, idempotency_key, created_at)
    values (v.plan_id, v.id, 'visit', coalesce((p_charge ->> 'amount_cents')::integer, v.amount_cents), 'succeeded', v_payment, v_key, p_now)
    on conflict (idempotency_key) do update
      set status = 'succeeded', provider_payment_id = excluded.provider_payment_id, amount_cents = excluded.amount_cents,
          error_code = null, error_message = null
      where public.plan_charges.status <> 'succeeded';
    if v.payment_status = 'paid' then
      return 'already';
    end if;
    if v.payment_status = 'scheduled' and v.cancelled_at is null and v.charge_state in ('scheduled', 'charging', 'declined') then
      update public.bookings1
         set payment_status = 'paid', paid_at = p_now, payment_provider = p_charge ->> 'provider',
             payment_session_id = v_payment, charge_state = 'charged',
             charge_lock_token = null, charge_locked_until = null, card_deadline_at = null, updated_at = p_now
       where id = v.id;
      return 'charged';
    end if;
    if v.payment_status = 'failed' and v_payment is not null then
      -- Released for want of a card, its place maybe taken since: the office takes or refunds it.
      insert into public.late_payments (booking_id, session_id, amount_cents, currency, booking_status, received_at)
      values (v.id, v_payment, coalesce((p_charge ->> 'amount_cents')::integer, v.amount_cents), 'usd', v.payment_status, p_now)
      on conflict (session_id) do nothing;
      return case when found then 'late' else 'already' end;
    end if;
    return 'recorded';
  end if;

  -- A failure counts only for the charge the visit waits for now: its current card's key.
  if v_key is distinct from 'plan-visit:' || v.id || ':card-' || p.card_generation then
    return 'stale';
  end if;
  insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, error_code, error_message, idempotency_key, created_at)
  values (
    v.plan_id, v.id, 'visit', coalesce((p_charge ->> 'amount_cents')::integer, v.amount_cents), v_outcome,
    v_payment, p_charge ->> 'code', left(p_charge ->> 'message', 500), v_key, p_now
  )
  on conflict (idempotency_key) do nothing;
  if v.payment_status <> 'scheduled' or v.cancelled_at is not null or v.charge_state = 'declined' then
    return case when v.payment_status = 'paid' then 'stale' else 'already' end;
  end if;
  if v.charge_state not in ('scheduled', 'charging') then
    return 'already';
  end if;
  update public.bookings1
     set charge_state = 'declined', card_deadline_at = (p_charge ->> 'card_deadline_at')::timestamptz,
         charge_lock_token = null, charge_locked_until = null, updated_at = p_now
   where id = v.id;
  perform public.enqueue_event_emails(p_charge ->> 'event_key', p_emails);
  return 'declined';
end;
$$;

-- The booking a provider's payment was for: the booking id its metadata names (when it is one),
-- else the booking whose payment it is (a plan visit charged off-session keeps its PaymentIntent as
-- its payment_session_id, unique). Null: no booking of this site. p_booking_id is a uuid or null
-- (the caller checks it).
create function public.booking_of_payment(p_booking_id text, p_payment_id text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select b.id from public.bookings1 b where b.id = nullif(p_booking_id, '')::uuid),
    (select b.id from public.bookings1 b where b.payment_session_id = nullif(p_payment_id, ''))
  );
$$;

-- A refund the provider reports (charge.refunded: every refund of the payment is passed, one call
-- each). p_refund: {provider, refund_id, payment_id, booking_id, amount_cents, status, key (the
-- office's claim key from the refund's metadata, if any), reason (the provider's), created_at, staff_name}. A refund the
-- office made itself is the office's to record: matched by its key, by its provider refund id once
-- recorded, or (a refund made before keys were sent) as the same amount as a refund the office has
-- under way. Anything else was made outside the office (the provider's dashboard): recorded once in
-- the ledger as 'outside', the booking's refunded total raised (never above what it cost), and a row
-- in its history. Answers 'recorded', 'already', 'office', 'ignored' (a failed or cancelled refund)
-- or 'unknown' (no booking).
create function public.record_provider_refund(p_refund jsonb, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1%rowtype;
  v_provider text := p_refund ->> 'provider';
  v_refund text := p_refund ->> 'refund_id';
  v_key text := nullif(p_refund ->> 'key', '');
  v_amount integer := (p_refund ->> 'amount_cents')::integer;
  v_id uuid;
  v_refunded integer;
begin
  if coalesce(p_refund ->> 'status', '') not in ('succeeded', 'pending') or v_amount is null or v_amount <= 0 then
    return 'ignored';
  end if;
  select * into v from public.bookings1
   where id = public.booking_of_payment(p_refund ->> 'booking_id', p_refund ->> 'payment_id') for update;
  if v.id is null then
    return 'unknown';
  end if;
  -- Under the booking's lock: the office's completion of the same refund waits for it, or came first.
  if exists (select 1 from public.booking_refunds where provider = v_provider and provider_refund_id = v_refund) then
    return 'already';
  end if;
  if v_key is not null and exists (select 1 from public.booking_refunds where idempotency_key = v_key) then
    return 'office';
  end if;
  if v_key is null and exists (
    select 1 from public.booking_refunds where booking_id = v.id and status = 'pending' and amount_cents = v_amount
  ) then
    return 'office';
  end if;
  insert into public.booking_refunds (booking_id, purpose, attempt, idempotency_key, amount_cents, status, provider, provider_refund_id,
    reason, staff_id, staff_name, claimed_at, completed_at)
  values (v.id, 'outside', 1, 'outside:' || v_provider || ':' || v_refund, v_amount, 'succeeded', v_provider, v_refund,
    nullif(p_refund ->> 'reason', ''), null, coalesce(nullif(p_refund ->> 'staff_name', ''), v_provider), coalesce((p_refund ->> 'created_at')::timestamptz, p_now), p_now)
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    return 'already';
  end if;
  v_refunded := least(v.amount_cents, v.refunded_cents + v_amount);
  update public.bookings1 set refunded_cents = v_refunded, updated_at = p_now where id = v.id;
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values (null, coalesce(nullif(p_refund ->> 'staff_name', ''), v_provider), p_now, 'booking', v.id::text, 'refunded_at_provider',
    jsonb_build_object('refunded_cents', v.refunded_cents),
    jsonb_build_object('refunded_cents', v_refunded, 'amount_cents', v_amount, 'refund_id', v_refund, 'provider', v_provider));
  return 'recorded';
end;
$$;

-- A dispute the provider reports (charge.dispute.created, .updated, .closed). p_dispute: {provider,
-- dispute_id, payment_id, booking_id, amount_cents, currency, reason, status, created_at,
-- staff_name}. The first report records it (and a row in its booking's history); later ones update
-- its status, except that a closed dispute (won, lost) is never reopened by an older report arriving
-- late. Answers 'recorded', 'updated' or 'already'.
create function public.record_payment_dispute(p_dispute jsonb, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_booking uuid;
  v_id uuid;
  v_status text := coalesce(nullif(p_dispute ->> 'status', ''), 'needs_response');
begin
  v_booking := public.booking_of_payment(p_dispute ->> 'booking_id', p_dispute ->> 'payment_id');
  insert into public.payment_disputes (provider, provider_dispute_id, provider_payment_id, booking_id, amount_cents, currency, reason, status, opened_at, updated_at)
  values (p_dispute ->> 'provider', p_dispute ->> 'dispute_id', nullif(p_dispute ->> 'payment_id', ''), v_booking,
    (p_dispute ->> 'amount_cents')::integer, p_dispute ->> 'currency', p_dispute ->> 'reason', v_status,
    coalesce((p_dispute ->> 'created_at')::timestamptz, p_now), p_now)
  on conflict (provider, provider_dispute_id) do nothing
  returning id into v_id;
  if v_id is not null then
    if v_booking is not null then
      insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
      values (null, coalesce(nullif(p_dispute ->> 'staff_name', ''), p_dispute ->> 'provider'), p_now, 'booking', v_booking::text, 'disputed', null,
        jsonb_build_object('amount_cents', (p_dispute ->> 'amount_cents')::integer, 'reason', p_dispute ->> 'reason', 'dispute_id', p_dispute ->> 'dispute_id'));
    end if;
    return 'recorded';
  end if;
  update public.payment_disputes
     set status = v_status, updated_at = p_now
   where provider = p_dispute ->> 'provider' and provider_dispute_id = p_dispute ->> 'dispute_id'
     and status is distinct from v_status and status not in ('won', 'lost', 'warning_closed');
  return case when found then 'updated' else 'already' end;
end;
$$;

-- The disputes not closed yet (the provider's won / lost / warning_closed), newest first, with their booking.
create function public.open_payment_disputes()
returns table (
  id uuid, provider text, provider_dispute_id text, provider_payment_id text, booking_id uuid, amount_cents integer, currency text,
  reason text, status text, opened_at timestamptz, first_name text, last_name text, service text, industry text, date text, arrival_window text
)
language sql
stable
set search_path = ''
as $$
  select d.id, d.provider, d.provider_dispute_id, d.provider_payment_id, d.booking_id, d.amount_cents, d.currency, d.reason, d.status, d.opened_at,
    b.first_name, b.last_name, b.service, b.industry, b.date::text, b.arrival_window
  from public.payment_disputes d left join public.bookings1 b on b.id = d.booking_id
  where d.status not in ('won', 'lost', 'warning_closed')
  order by d.opened_at desc
  limit 200;
$$;

-- The local test checkout's lookups by idempotency key (as Stripe's are by the key in metadata):
-- the off-session charge and the refund made under a key, or null.
create function public.find_test_checkout_charge(p_key text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(c) from public.test_checkout_charges c where c.idempotency_key = p_key;
$$;

create function public.find_test_checkout_refund(p_key text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(r) from public.test_checkout_refunds r where r.idempotency_key = p_key;
$$;

revoke all on function
  public.booking_of_payment(text, text),
  public.reconcile_plan_charge(uuid, jsonb, timestamptz, jsonb),
  public.record_provider_refund(jsonb, timestamptz),
  public.record_payment_dispute(jsonb, timestamptz),
  public.open_payment_disputes(),
  public.find_test_checkout_charge(text),
  public.find_test_checkout_refund(text)
from public, anon, authenticated;
grant execute on function
  public.booking_of_payment(text, text),
  public.reconcile_plan_charge(uuid, jsonb, timestamptz, jsonb),
  public.record_provider_refund(jsonb, timestamptz),
  public.record_payment_dispute(jsonb, timestamptz),
  public.open_payment_disputes(),
  public.find_test_checkout_charge(text),
  public.find_test_checkout_refund(text)
to service_role;
