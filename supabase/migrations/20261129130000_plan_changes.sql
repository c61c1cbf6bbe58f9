-- The customer (manage link) and the office change a plan (issue 24, acceptance 3): skip one visit,
-- move one (reschedule_booking, now also for a plan's visit waiting for its charge), pause, resume,
-- cancel. Each change is one function, one transaction: the rows, its record (plan_changes, and for
-- the office an audit row in staff_actions naming the member) and its e-mails.
--
-- The 24-hour rule per visit, as for one-time bookings: a visit not yet charged ('scheduled') is
-- released (its place offered again) only if its window is at least p_notice_hours away; a visit
-- within that stays. A visit already charged ('paid', 48 to 24 hours ahead) is never released here:
-- the customer asks to cancel it and the business refunds it, as any paid booking.
--
-- A plan cancelled before its second visit has taken place is charged the difference to the
-- one-time price (one_time_cents − the first visit's amount) once: the cancellation claims it under
-- the plan's row lock, the app charges the saved card with the key `plan:<id>:early-cancellation`,
-- and records the outcome as the plan's one 'early_cancellation' charge (the key is unique).

-- Every change of a plan, by whom: the customer's (manage link) or the office's (with its audit row).
create table public.plan_changes (
  id bigint generated always as identity primary key,
  plan_id uuid not null references public.booking_plans (id),
  -- The visit skipped (null for a change of the whole plan).
  booking_id uuid references public.bookings1 (id),
  kind text not null check (kind in ('visit_skipped', 'paused', 'resumed', 'cancelled')),
  changed_by text not null check (changed_by in ('customer', 'office')),
  staff_action_id uuid references public.staff_actions (id),
  -- How many visits a pause or cancellation released.
  released integer not null default 0 check (released >= 0),
  changed_at timestamptz not null,
  constraint plan_changes_office_has_action check ((changed_by = 'office') = (staff_action_id is not null))
);
create index plan_changes_plan_idx on public.plan_changes (plan_id, id);
alter table public.plan_changes enable row level security;
revoke all on table public.plan_changes from public, anon, authenticated;
grant select, insert on table public.plan_changes to service_role;

alter table public.booking_plans
  -- The difference a cancellation before the second visit owes (0: none owed, or commercial's
  -- equal prices); null until the plan is cancelled.
  add column early_cancellation_cents integer check (early_cancellation_cents >= 0),
  -- The claim of the process charging it (a lease): nobody else charges it until then. Cleared
  -- once the charge is recorded; a claim left by a process that died can be taken again after it.
  add column early_cancellation_claimed_until timestamptz;

-- Staff actions on a plan are recorded like those on bookings.
alter table public.staff_actions drop constraint staff_actions_subject_kind_check;
alter table public.staff_actions add constraint staff_actions_subject_kind_check
  check (subject_kind in ('booking', 'lead', 'staff', 'crew_calendar', 'plan'));

-- A plan's visit waiting for its charge ('scheduled') can be moved by the customer like a paid
-- booking (same 24-hour notice, same window count); anything else not paid still cannot.
create or replace function public.booking_change_refusal(p_id uuid, p_notice_hours integer, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
begin
  select * into v from public.bookings1 where id = p_id for update;
  if not found then
    return 'not_found';
  end if;
  if v.payment_status not in ('paid', 'scheduled') or v.arrival_window is null or v.cancelled_at is not null or v.outcome is not null then
    return 'not_paid';
  end if;
  if v.cancellation_requested_at is not null then
    return 'cancellation_requested';
  end if;
  if v.window_starts_at <= p_now + make_interval(hours => p_notice_hours) then
    return 'too_late';
  end if;
  return null;
end;
$$;

-- As before (20261127110000), and a plan visit's charge times move with its window: it is still
-- charged the same time before its (new) window, and a declined one keeps its place as long before it.
create or replace function public.reschedule_booking(
  p_id uuid, p_date date, p_window text, p_window_starts_at timestamptz, p_capacity integer,
  p_notice_hours integer, p_now timestamptz, p_emails jsonb, p_link_generation integer
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  v_refusal text := public.booking_link_change_refusal(p_id, p_link_generation, p_notice_hours, p_now);
  v_change bigint;
  v_shift interval;
begin
  if v_refusal is not null then
    return jsonb_build_object('status', v_refusal);
  end if;
  select * into v from public.bookings1 where id = p_id;
  if v.date = p_date and v.arrival_window = p_window then
    return jsonb_build_object('status', 'same');
  end if;
  perform pg_advisory_xact_lock(hashtextextended(
    'booking window ' || v.service_family || ' ' || to_char(p_date, 'YYYY-MM-DD') || ' ' || p_window, 0));
  if public.window_places_taken(v.service_family, p_date, p_window, p_now) >= p_capacity then
    return jsonb_build_object('status', 'full');
  end if;
  v_shift := p_window_starts_at - v.window_starts_at;
  update public.bookings1
  set date = p_date, arrival_window = p_window, window_starts_at = p_window_starts_at, updated_at = p_now,
    manage_link_generation = manage_link_generation + 1,
    charge_due_at = charge_due_at + v_shift,
    card_deadline_at = card_deadline_at + v_shift
  where id = p_id;
  insert into public.booking_changes (booking_id, kind, from_date, from_window, to_date, to_window, changed_at)
  values (p_id, 'rescheduled', v.date, v.arrival_window, p_date, p_window, p_now)
  returning id into v_change;
  perform public.enqueue_event_emails('booking_rescheduled:' || v_change, p_emails);
  return jsonb_build_object('status', 'moved');
end;
$$;

-- As before (20261127110000), but only for a paid booking: a plan's visit not yet charged is skipped
-- instead (skip_plan_visit), nothing to refund.
create or replace function public.request_booking_cancellation(p_id uuid, p_notice_hours integer, p_now timestamptz, p_emails jsonb, p_link_generation integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  v_refusal text := public.booking_link_change_refusal(p_id, p_link_generation, p_notice_hours, p_now);
begin
  if v_refusal is not null then
    return jsonb_build_object('status', v_refusal);
  end if;
  select * into v from public.bookings1 where id = p_id;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  update public.bookings1
  set cancellation_requested_at = p_now, updated_at = p_now, manage_link_generation = manage_link_generation + 1
  where id = p_id;
  insert into public.booking_changes (booking_id, kind, from_date, from_window, changed_at)
  values (p_id, 'cancellation_requested', v.date, v.arrival_window, p_now);
  perform public.enqueue_event_emails('booking_cancellation_requested:' || p_id, p_emails);
  return jsonb_build_object('status', 'requested');
end;
$$;

-- Releases the plan's visits not yet charged whose window is more than p_notice_hours away (their
-- places are offered again); visits within that, being charged, or charged stay. Answers how many.
-- Released by a pause or a cancellation they are charge_state 'cancelled' (a skipped one is
-- 'skipped'): resuming makes way for their dates again.
create function public.release_plan_visits(p_plan_id uuid, p_notice_hours integer, p_now timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.bookings1
  set payment_status = 'cancelled', charge_state = 'cancelled', cancelled_at = p_now, updated_at = p_now,
    charge_lock_token = null, charge_locked_until = null
  where plan_id = p_plan_id and payment_status = 'scheduled' and charge_state in ('scheduled', 'declined')
    and cancelled_at is null and window_starts_at > p_now + make_interval(hours => p_notice_hours);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- The e-mails of a change with what the transaction decided written into their facts (how many
-- visits were released, the difference owed), so the messages say what happened.
create function public.plan_emails_with(p_emails jsonb, p_facts jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_set(e, '{payload}', coalesce(e -> 'payload', '{}'::jsonb) || p_facts)), '[]'::jsonb)
  from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) as e;
$$;

-- Records a change (and, when p_staff names a member, its audit row); answers the change's id.
create function public.record_plan_change(
  p_plan_id uuid, p_booking_id uuid, p_kind text, p_released integer, p_now timestamptz, p_staff jsonb, p_before jsonb, p_after jsonb
)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_action uuid;
  v_change bigint;
begin
  if p_staff is not null then
    if p_staff ->> 'id' is null or coalesce(btrim(p_staff ->> 'name'), '') = '' then
      raise exception 'A staff action needs the member who did it' using errcode = '22023';
    end if;
    insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
    values ((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'plan', p_plan_id::text, 'plan_' || p_kind, p_before, p_after)
    returning id into v_action;
  end if;
  insert into public.plan_changes (plan_id, booking_id, kind, changed_by, staff_action_id, released, changed_at)
  values (p_plan_id, p_booking_id, p_kind, case when p_staff is null then 'customer' else 'office' end, v_action, p_released, p_now)
  returning id into v_change;
  return v_change;
end;
$$;

-- Skips one visit of the plan: one not yet charged, at least p_notice_hours ahead for the customer
-- (p_staff null); the office (p_staff) may skip it until its window begins. Answers {"status":
-- "skipped" | "too_late" | "begun" | "charged" | "charging" | "not_scheduled" | "not_found"}.
create function public.skip_plan_visit(p_plan_id uuid, p_booking_id uuid, p_notice_hours integer, p_now timestamptz, p_staff jsonb, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  v_change bigint;
begin
  -- The plan's lock first, as pause and cancel take it: one change of a plan at a time.
  perform 1 from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  select * into v from public.bookings1 where id = p_booking_id and plan_id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null or v.outcome is not null or v.payment_status not in ('paid', 'scheduled') then
    return jsonb_build_object('status', 'not_scheduled');
  end if;
  if v.payment_status = 'paid' then
    return jsonb_build_object('status', 'charged');
  end if;
  if v.charge_state = 'charging' then
    return jsonb_build_object('status', 'charging');
  end if;
  if v.window_starts_at <= p_now then
    return jsonb_build_object('status', 'begun');
  end if;
  if p_staff is null and v.window_starts_at <= p_now + make_interval(hours => p_notice_hours) then
    return jsonb_build_object('status', 'too_late');
  end if;
  update public.bookings1
  set payment_status = 'cancelled', charge_state = 'skipped', cancelled_at = p_now, updated_at = p_now,
    charge_lock_token = null, charge_locked_until = null
  where id = v.id;
  v_change := public.record_plan_change(p_plan_id, v.id, 'visit_skipped', 1, p_now, p_staff,
    jsonb_build_object('booking_id', v.id, 'date', v.date, 'arrival_window', v.arrival_window, 'payment_status', v.payment_status, 'charge_state', v.charge_state),
    jsonb_build_object('booking_id', v.id, 'payment_status', 'cancelled', 'charge_state', 'skipped'));
  perform public.enqueue_event_emails('plan_changed:' || v_change, p_emails);
  return jsonb_build_object('status', 'skipped');
end;
$$;

-- Pauses an active plan: its visits not yet charged and more than p_notice_hours ahead are
-- released; the roll-forward generates nothing while it is paused. Answers {"status": "paused" |
-- "already_paused" | "cancelled" | "not_found", "released": n}.
create function public.pause_plan(p_plan_id uuid, p_notice_hours integer, p_now timestamptz, p_staff jsonb, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  p public.booking_plans;
  v_released integer;
  v_change bigint;
begin
  select * into p from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if p.status = 'paused' then
    return jsonb_build_object('status', 'already_paused');
  end if;
  update public.booking_plans set status = 'paused', paused_at = p_now, updated_at = p_now where id = p_plan_id;
  v_released := public.release_plan_visits(p_plan_id, p_notice_hours, p_now);
  v_change := public.record_plan_change(p_plan_id, null, 'paused', v_released, p_now, p_staff,
    jsonb_build_object('status', p.status), jsonb_build_object('status', 'paused', 'released', v_released));
  perform public.enqueue_event_emails('plan_changed:' || v_change, public.plan_emails_with(p_emails, jsonb_build_object('released', v_released)));
  return jsonb_build_object('status', 'paused', 'released', v_released);
end;
$$;

-- Resumes a paused plan: active again, its visits generated from the next date of its cadence after
-- the later of today (Renton) and its last visit kept (the roll-forward writes them, from
-- generated_through on). Answers {"status": "resumed" | "already_active" | "cancelled" | "not_found"}.
create function public.resume_plan(p_plan_id uuid, p_now timestamptz, p_staff jsonb, p_emails jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  p public.booking_plans;
  v_last date;
  v_through date;
  v_max integer;
  v_change bigint;
begin
  select * into p from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if p.status = 'active' then
    return jsonb_build_object('status', 'already_active');
  end if;
  select max(date) into v_last from public.bookings1
  where plan_id = p_plan_id and cancelled_at is null and payment_status in ('paid', 'scheduled');
  v_through := greatest(coalesce(v_last, p.anchor_date), (p_now at time zone 'America/Los_Angeles')::date);
  -- A visit's number is its place in the cadence (the roll-forward stores each number once): the
  -- visits the pause released after v_through are numbered past the plan's last, so their dates are
  -- generated again (with the key the roll-forward derives from the number, which they give up).
  -- Visits the customer skipped keep theirs (a skip stays skipped).
  select max(plan_visit) into v_max from public.bookings1 where plan_id = p_plan_id;
  update public.bookings1
  set plan_visit = plan_visit + v_max, idempotency_key = gen_random_uuid(), updated_at = p_now
  where plan_id = p_plan_id and payment_status = 'cancelled' and charge_state = 'cancelled' and date > v_through;
  update public.booking_plans
  set status = 'active', paused_at = null, generated_through = v_through, updated_at = p_now
  where id = p_plan_id;
  v_change := public.record_plan_change(p_plan_id, null, 'resumed', 0, p_now, p_staff,
    jsonb_build_object('status', 'paused', 'generated_through', p.generated_through),
    jsonb_build_object('status', 'active', 'generated_through', v_through));
  perform public.enqueue_event_emails('plan_changed:' || v_change, p_emails);
  return jsonb_build_object('status', 'resumed', 'generatedThrough', v_through::text);
end;
$$;

-- Whether a later visit of the plan has taken place: one paid (not cancelled) whose window has
-- begun, or marked done. Before that, a cancellation owes the difference to the one-time price.
create function public.plan_second_visit_taken_place(p_plan_id uuid, p_now timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings1
    where plan_id = p_plan_id and plan_visit >= 2 and cancelled_at is null and payment_status = 'paid'
      and (outcome = 'done' or window_starts_at <= p_now)
  );
$$;

-- Claims the plan's early-cancellation charge if one is owed, nothing has been recorded for it and
-- nobody holds it (a lease of p_lease_seconds); answers the amount to charge, or null.
create function public.claim_early_cancellation_charge(p_plan_id uuid, p_now timestamptz, p_lease_seconds integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  p public.booking_plans;
begin
  select * into p from public.booking_plans where id = p_plan_id for update;
  if not found or p.status <> 'cancelled' or coalesce(p.early_cancellation_cents, 0) = 0 then
    return null;
  end if;
  if p.early_cancellation_claimed_until is not null and p.early_cancellation_claimed_until > p_now then
    return null;
  end if;
  if exists (select 1 from public.plan_charges where plan_id = p_plan_id and kind = 'early_cancellation') then
    return null;
  end if;
  update public.booking_plans set early_cancellation_claimed_until = p_now + make_interval(secs => p_lease_seconds) where id = p_plan_id;
  return p.early_cancellation_cents;
end;
$$;

-- Cancels a plan (p_by: 'customer' or 'office'; p_staff names the member for the office): its visits
-- not yet charged and more than p_notice_hours ahead are released, those within stay. Before its
-- second visit has taken place, the difference one_time_cents − the first visit's amount is owed
-- (unless p_charge_early is false: the office waives it) and claimed for charging at once by this
-- call (a lease of p_lease_seconds). Answers {"status": "cancelled" | "already_cancelled" |
-- "not_found", "released": n, "earlyCancellationCents": owed, "chargeCents": claimed or null};
-- a repeated cancellation changes nothing and claims the charge only if the first one's claim was
-- abandoned (its process died) before anything was recorded.
create function public.cancel_plan(
  p_plan_id uuid, p_notice_hours integer, p_now timestamptz, p_staff jsonb, p_charge_early boolean, p_lease_seconds integer, p_emails jsonb
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  p public.booking_plans;
  v_first_cents integer;
  v_owed integer := 0;
  v_released integer;
  v_change bigint;
begin
  select * into p from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p.status = 'cancelled' then
    return jsonb_build_object('status', 'already_cancelled', 'released', 0, 'earlyCancellationCents', coalesce(p.early_cancellation_cents, 0),
      'chargeCents', public.claim_early_cancellation_charge(p_plan_id, p_now, p_lease_seconds));
  end if;
  if p_charge_early and not public.plan_second_visit_taken_place(p_plan_id, p_now) then
    select amount_cents into v_first_cents from public.bookings1 where id = p.first_booking_id;
    v_owed := greatest(p.one_time_cents - coalesce(v_first_cents, p.one_time_cents), 0);
  end if;
  update public.booking_plans
  set status = 'cancelled', cancelled_at = p_now, paused_at = null,
    cancelled_by = case when p_staff is null then 'customer' else 'office' end,
    early_cancellation_cents = v_owed, updated_at = p_now
  where id = p_plan_id;
  v_released := public.release_plan_visits(p_plan_id, p_notice_hours, p_now);
  v_change := public.record_plan_change(p_plan_id, null, 'cancelled', v_released, p_now, p_staff,
    jsonb_build_object('status', p.status),
    jsonb_build_object('status', 'cancelled', 'released', v_released, 'early_cancellation_cents', v_owed));
  perform public.enqueue_event_emails('plan_changed:' || v_change,
    public.plan_emails_with(p_emails, jsonb_build_object('released', v_released, 'earlyCancellationCents', v_owed)));
  return jsonb_build_object('status', 'cancelled', 'released', v_released, 'earlyCancellationCents', v_owed,
    'chargeCents', public.claim_early_cancellation_charge(p_plan_id, p_now, p_lease_seconds));
end;
$$;

-- Records what the early-cancellation charge did (once per plan: its key is unique) and ends the
-- claim; p_emails (the office told of a decline) are queued with it. Answers whether it was recorded.
create function public.record_early_cancellation_charge(
  p_plan_id uuid, p_amount_cents integer, p_status text, p_provider_payment_id text, p_error_code text, p_error_message text,
  p_now timestamptz, p_emails jsonb
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.plan_charges (plan_id, booking_id, kind, amount_cents, status, provider_payment_id, error_code, error_message, idempotency_key, created_at)
  values (p_plan_id, null, 'early_cancellation', p_amount_cents, p_status, p_provider_payment_id, p_error_code, p_error_message,
    'plan:' || p_plan_id || ':early-cancellation', p_now)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  update public.booking_plans set early_cancellation_claimed_until = null where id = p_plan_id;
  if v_id is null then
    return false;
  end if;
  perform public.enqueue_event_emails('plan_early_cancellation:' || p_plan_id, p_emails);
  return true;
end;
$$;

-- A plan's changes, oldest first, with the member's name for the office's.
create function public.plan_changes_of(p_plan_id uuid)
returns table (change jsonb)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(c) || jsonb_build_object('staff_name', a.staff_name)
  from public.plan_changes c left join public.staff_actions a on a.id = c.staff_action_id
  where c.plan_id = p_plan_id
  order by c.id;
$$;

-- The office's list of plans: each with its customer, status, next visit to come and its charge
-- state, newest first; p_status null for every status.
create function public.office_plans(p_status text, p_now timestamptz, p_limit integer)
returns table (plan jsonb)
language sql
stable
set search_path = ''
as $$
  select to_jsonb(p) || jsonb_build_object(
    'next_visit', (
      select jsonb_build_object('id', b.id, 'date', b.date::text, 'arrival_window', b.arrival_window, 'payment_status', b.payment_status, 'charge_state', b.charge_state)
      from public.bookings1 b
      where b.plan_id = p.id and b.cancelled_at is null and b.payment_status in ('paid', 'scheduled') and b.window_starts_at > p_now
      order by b.window_starts_at limit 1
    ),
    'declined_visits', (select count(*) from public.bookings1 b where b.plan_id = p.id and b.charge_state = 'declined' and b.cancelled_at is null)
  )
  from public.booking_plans p
  where p_status is null or p.status = p_status
  order by p.created_at desc, p.id
  limit p_limit;
$$;

revoke all on function
  public.booking_change_refusal(uuid, integer, timestamptz),
  public.reschedule_booking(uuid, date, text, timestamptz, integer, integer, timestamptz, jsonb, integer),
  public.request_booking_cancellation(uuid, integer, timestamptz, jsonb, integer),
  public.release_plan_visits(uuid, integer, timestamptz),
  public.plan_emails_with(jsonb, jsonb),
  public.record_plan_change(uuid, uuid, text, integer, timestamptz, jsonb, jsonb, jsonb),
  public.skip_plan_visit(uuid, uuid, integer, timestamptz, jsonb, jsonb),
  public.pause_plan(uuid, integer, timestamptz, jsonb, jsonb),
  public.resume_plan(uuid, timestamptz, jsonb, jsonb),
  public.plan_second_visit_taken_place(uuid, timestamptz),
  public.claim_early_cancellation_charge(uuid, timestamptz, integer),
  public.cancel_plan(uuid, integer, timestamptz, jsonb, boolean, integer, jsonb),
  public.record_early_cancellation_charge(uuid, integer, text, text, text, text, timestamptz, jsonb),
  public.plan_changes_of(uuid),
  public.office_plans(text, timestamptz, integer)
from public, anon, authenticated;
grant execute on function
  public.booking_change_refusal(uuid, integer, timestamptz),
  public.reschedule_booking(uuid, date, text, timestamptz, integer, integer, timestamptz, jsonb, integer),
  public.request_booking_cancellation(uuid, integer, timestamptz, jsonb, integer),
  public.release_plan_visits(uuid, integer, timestamptz),
  public.plan_emails_with(jsonb, jsonb),
  public.record_plan_change(uuid, uuid, text, integer, timestamptz, jsonb, jsonb, jsonb),
  public.skip_plan_visit(uuid, uuid, integer, timestamptz, jsonb, jsonb),
  public.pause_plan(uuid, integer, timestamptz, jsonb, jsonb),
  public.resume_plan(uuid, timestamptz, jsonb, jsonb),
  public.plan_second_visit_taken_place(uuid, timestamptz),
  public.claim_early_cancellation_charge(uuid, timestamptz, integer),
  public.cancel_plan(uuid, integer, timestamptz, jsonb, boolean, integer, jsonb),
  public.record_early_cancellation_charge(uuid, integer, text, text, text, text, timestamptz, jsonb),
  public.plan_changes_of(uuid),
  public.office_plans(text, timestamptz, integer)
to service_role;
