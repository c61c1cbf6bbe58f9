-- Charging a plan's later visits (issue 24, lib/booking/plans/charges.ts): the job claims the
-- visits whose charge is due (FOR UPDATE SKIP LOCKED with a lease, like the e-mail outbox), charges
-- each off-session outside the database, and records what the provider answered in one transaction
-- that checks its claim. A declined visit keeps its place until its card deadline; then it is
-- released (its place is offered again) and the office is told. Every state change is conditional
-- on the state before it, so two processes running the job at once charge, record, e-mail and
-- release each visit once.

-- The visits due at p_now (or whose claim's lease ran out: a process died mid-charge), of active
-- plans only (a paused or cancelled plan is never charged), at most p_limit, claimed for
-- p_lease_seconds: 'charging', a new lock token, one more attempt. p_plan_id (optional) limits it to
-- one plan (a new card charges that plan's held visits at once). Answers each claimed visit (as
-- public.bookings1, with its new lock token) and its plan.
create function public.claim_plan_charges(p_now timestamptz, p_limit integer, p_lease_seconds integer, p_plan_id uuid)
returns table (booking jsonb, plan jsonb)
language plpgsql
set search_path = ''
as $$
declare
  v_token uuid := gen_random_uuid();
begin
  return query
  with due as (
    select b.id
    from public.bookings1 b
    join public.booking_plans p on p.id = b.plan_id
    -- A claimed visit was due when claimed, so both kinds lie in the index's range up to p_now
    -- (bookings1_charge_due_idx): the not-yet-due visits to the horizon are never read.
    where b.charge_state in ('scheduled', 'charging')
      and b.charge_due_at <= p_now
      and (b.charge_state = 'scheduled' or b.charge_locked_until <= p_now)
      and b.payment_status = 'scheduled'
      and b.cancelled_at is null
      and p.status = 'active'
      and (p_plan_id is null or b.plan_id = p_plan_id)
    order by b.charge_due_at, b.id
    limit greatest(p_limit, 0)
    for update of b skip locked
  ),
  claimed as (
    update public.bookings1 b
       set charge_state = 'charging',
           charge_lock_token = v_token,
           charge_locked_until = p_now + make_interval(secs => greatest(p_lease_seconds, 1)),
           charge_attempts = b.charge_attempts + 1,
           updated_at = p_now
      from due
     where b.id = due.id
    returning b.*
  )
  select to_jsonb(c), to_jsonb(p)
  from claimed c
  join public.booking_plans p on p.id = c.plan_id;
end;
$$;

-- What the provider answered for a claimed visit, recorded with the claim's token (a claim lost to
-- another process, or a visit skipped meanwhile, changes the visit no more: 'lost'; a payment made
-- is still kept in plan_charges). p_charge: {outcome: 'succeeded' | 'declined' |
-- 'authentication_required' | 'unreachable', provider, payment_id, amount_cents, code, message,
-- idempotency_key, card_deadline_at (a decline), retry_at (unreachable), event_key (a decline's
-- e-mails)}.
-- - succeeded: the visit is paid ('paid', 'charged', the payment as its session) and the charge
--   recorded; answers 'charged'.
-- - declined / authentication_required: the visit keeps its place until card_deadline_at, the
--   attempt is recorded and the customer's e-mail (p_emails) queued; answers 'declined'.
-- - unreachable: nothing is known to be charged; the visit is due again at retry_at (the same
--   idempotency key then: the provider answers the first charge if it made one); answers 'retry'.
create function public.record_plan_charge(p_booking_id uuid, p_lock_token uuid, p_charge jsonb, p_now timestamptz, p_emails jsonb)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1%rowtype;
  v_outcome text := p_charge ->> 'outcome';
begin
  if v_outcome is null or v_outcome not in ('succeeded', 'declined', 'authentication_required', 'unreachable') then
    raise exception 'Unknown charge outcome: %', coalesce(v_outcome, 'none') using errcode = '22023';
  end if;
  select * into v from public.bookings1 where id = p_booking_id for update;
  if not found then
    return 'lost';
  end if;
  if v.charge_state is distinct from 'charging' or v.charge_lock_token is distinct from p_lock_token then
    -- Money taken is recorded whatever became of the claim (the run that took it over records the
    -- same key; a visit skipped meanwhile shows the office a charge to refund).
    if v_outcome = 'succeeded' then
      insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, idempotency_key, created_at)
      values (v.plan_id, v.id, 'visit', (p_charge ->> 'amount_cents')::integer, 'succeeded', p_charge ->> 'payment_id', p_charge ->> 'idempotency_key', p_now)
      on conflict (idempotency_key) do nothing;
    end if;
    return 'lost';
  end if;

  if v_outcome = 'unreachable' then
    update public.bookings1
       set charge_state = 'scheduled', charge_due_at = (p_charge ->> 'retry_at')::timestamptz,
           charge_lock_token = null, charge_locked_until = null, updated_at = p_now
     where id = p_booking_id;
    return 'retry';
  end if;

  insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, error_code, error_message, idempotency_key, created_at)
  values (
    v.plan_id, v.id, 'visit', coalesce((p_charge ->> 'amount_cents')::integer, v.amount_cents), v_outcome,
    p_charge ->> 'payment_id', p_charge ->> 'code', left(p_charge ->> 'message', 500), p_charge ->> 'idempotency_key', p_now
  )
  -- The same key answered twice (a claim re-taken after its lease): one charge, one row.
  on conflict (idempotency_key) do nothing;

  if v_outcome = 'succeeded' then
    update public.bookings1
       set payment_status = 'paid', paid_at = p_now, payment_provider = p_charge ->> 'provider',
           payment_session_id = p_charge ->> 'payment_id', charge_state = 'charged',
           charge_lock_token = null, charge_locked_until = null, card_deadline_at = null, updated_at = p_now
     where id = p_booking_id;
    return 'charged';
  end if;

  update public.bookings1
     set charge_state = 'declined', card_deadline_at = (p_charge ->> 'card_deadline_at')::timestamptz,
         charge_lock_token = null, charge_locked_until = null, updated_at = p_now
   where id = p_booking_id;
  perform public.enqueue_event_emails(p_charge ->> 'event_key', p_emails);
  return 'declined';
end;
$$;

-- Declined visits whose card deadline has passed (no new card came): the candidates for release.
create function public.plan_visits_to_release(p_now timestamptz, p_limit integer)
returns table (booking jsonb, plan jsonb)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(b), to_jsonb(p)
  from public.bookings1 b
  join public.booking_plans p on p.id = b.plan_id
  where b.charge_state = 'declined' and b.payment_status = 'scheduled' and b.card_deadline_at <= p_now
  order by b.card_deadline_at, b.id
  limit greatest(p_limit, 0);
$$;

-- Releases one declined visit past its deadline: 'failed' / 'released', so its window's place is
-- offered again (window_places_taken counts 'paid' and 'scheduled' only), and queues the office's
-- and the customer's e-mails. False if it was released already, or is no longer declined (a new
-- card charged it): once, whoever asks.
create function public.release_plan_visit(p_booking_id uuid, p_now timestamptz, p_emails jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.bookings1
     set payment_status = 'failed', charge_state = 'released', updated_at = p_now
   where id = p_booking_id and charge_state = 'declined' and payment_status = 'scheduled' and card_deadline_at <= p_now;
  if not found then
    return false;
  end if;
  perform public.enqueue_event_emails('plan_visit_released:' || p_booking_id, p_emails);
  return true;
end;
$$;

revoke all on function
  public.claim_plan_charges(timestamptz, integer, integer, uuid),
  public.record_plan_charge(uuid, uuid, jsonb, timestamptz, jsonb),
  public.plan_visits_to_release(timestamptz, integer),
  public.release_plan_visit(uuid, timestamptz, jsonb)
from public, anon, authenticated;
grant execute on function
  public.claim_plan_charges(timestamptz, integer, integer, uuid),
  public.record_plan_charge(uuid, uuid, jsonb, timestamptz, jsonb),
  public.plan_visits_to_release(timestamptz, integer),
  public.release_plan_visit(uuid, timestamptz, jsonb)
to service_role;
