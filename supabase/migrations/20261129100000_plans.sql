-- Plans come to life (issue 24, lib/booking/plans): a paid first visit of a recurring frequency
-- makes its plan, and the plan's later visits are stored as bookings in their windows, each
-- holding its place like a paid booking ('scheduled') until the charge job charges it.
--
-- The app works out the dates and, for each visit, the windows it may go in (its own first, then
-- the nearest of its week: lib/booking/plans/schedule.ts); this database alone decides where a
-- place is left, under the same lock per window as create_pending_booking, so a plan's visits and
-- customers' bookings never take more places than a window has.

-- The cadence a booking's frequency sells, or null for a one-time visit: the same table as
-- lib/booking/plans/plan.ts `planCadence` (a test holds the two to the same answers). Over the
-- columns and without `set search_path` (it names no table) so the planner can inline it.
create function public.plan_cadence_of(p_industry text, p_service text, p_frequency text)
returns text
language sql
immutable
as $$
  select case
    when p_industry = 'house' and p_service = 'Regular Cleaning' then
      case p_frequency when 'Weekly' then 'weekly' when 'Every Other Week' then 'every_other_week' when 'Monthly' then 'monthly' end
    when p_industry in ('carpet', 'exterior') then
      case p_frequency when 'Every 3 Months' then 'every_3_months' when 'Every 6 Months' then 'every_6_months' end
    when p_industry = 'commercial' and p_frequency = 'Recurring' then 'weekly'
  end;
$$;

-- The places of a window are counted often now (every visit generated tries its week's windows):
-- the earlier index left 'scheduled' visits out.
create index bookings1_window_places_idx on public.bookings1 (service_family, date, arrival_window) where arrival_window is not null;

-- A paid first visit whose plan was not made (the server stopped between the payment and the plan):
-- the roll-forward job finds them here.
create index bookings1_paid_without_plan_idx on public.bookings1 (paid_at)
  where payment_status = 'paid' and plan_id is null
    and frequency in ('Weekly', 'Every Other Week', 'Monthly', 'Every 3 Months', 'Every 6 Months', 'Recurring');

-- Makes the plan of a paid booking of a recurring frequency (p_plan: cadence, per_visit_cents,
-- one_time_cents, visit_template, payment_provider, payment_customer_id, payment_method_id,
-- card_label), its first visit becoming visit 1. Answers {"status": "created" | "existing" |
-- "not_eligible", "id"}: once per booking, whoever asks (the success page, the test checkout's Pay,
-- the webhook, the roll-forward's repair), also at once. An existing plan without a card gets the
-- card now given (a plan the repair made before the payment's card was known).
create function public.create_plan_for_booking(p_booking_id uuid, p_plan jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_booking public.bookings1;
  v_cadence text;
  v_id uuid;
begin
  -- One caller at a time per booking: the others wait, then find the plan.
  select * into v_booking from public.bookings1 where id = p_booking_id for update;
  if not found then
    return jsonb_build_object('status', 'not_eligible');
  end if;
  v_cadence := public.plan_cadence_of(v_booking.industry, v_booking.service, v_booking.frequency);
  if v_booking.plan_id is not null then
    update public.booking_plans
       set payment_provider = p_plan ->> 'payment_provider', payment_customer_id = p_plan ->> 'payment_customer_id',
           payment_method_id = p_plan ->> 'payment_method_id', card_label = p_plan ->> 'card_label', updated_at = now()
     where id = v_booking.plan_id and payment_method_id is null and (p_plan ->> 'payment_method_id') is not null;
    return jsonb_build_object('status', 'existing', 'id', v_booking.plan_id);
  end if;
  if v_booking.payment_status <> 'paid' or v_cadence is null or v_cadence <> (p_plan ->> 'cadence')
     or v_booking.date is null or v_booking.arrival_window is null or v_booking.service_family is null then
    return jsonb_build_object('status', 'not_eligible');
  end if;
  insert into public.booking_plans (
    first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family, visit_template,
    per_visit_cents, one_time_cents, first_name, last_name, email, phone, generated_through,
    payment_provider, payment_customer_id, payment_method_id, card_label, sms_consent_at
  ) values (
    v_booking.id, v_booking.industry, v_booking.frequency, v_cadence, v_booking.date, v_booking.arrival_window,
    v_booking.service_family, p_plan -> 'visit_template', (p_plan ->> 'per_visit_cents')::integer,
    (p_plan ->> 'one_time_cents')::integer, v_booking.first_name, v_booking.last_name, v_booking.email, v_booking.phone,
    v_booking.date, p_plan ->> 'payment_provider', p_plan ->> 'payment_customer_id', p_plan ->> 'payment_method_id',
    p_plan ->> 'card_label', v_booking.sms_consent_at
  )
  returning id into v_id;
  update public.bookings1 set plan_id = v_id, plan_visit = 1, updated_at = now() where id = v_booking.id;
  return jsonb_build_object('status', 'created', 'id', v_id);
end;
$$;

-- Stores visit p_visit ->> 'visit' of an active plan (its date in p_visit ->> 'date'), in the first
-- of p_visit -> 'candidates' (each {date, window, window_starts_at, capacity, charge_due_at}) that
-- has a place left at p_now, as a 'scheduled' booking at the plan's per-visit price; another than
-- the plan's own window on the visit's date marks it placed elsewhere and queues p_visit ->
-- 'placed_emails' (the customer is told), their payloads given where it went (toDate, toWindow,
-- windowStartsAt): one message for whichever window it is, rather than one per candidate. No place in any: p_visit -> 'full_emails' are queued (the customer and
-- the business). The plan is generated through the visit's date either way. Answers {"status":
-- "added" | "existing" | "full" | "inactive", "id", "date", "window", "placed_elsewhere"}; the same
-- visit again answers "existing" and changes nothing.
create function public.add_plan_visit(p_plan_id uuid, p_visit jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.booking_plans;
  v_number integer := (p_visit ->> 'visit')::integer;
  v_visit_id uuid;
  v_date date := (p_visit ->> 'date')::date;
  v_existing public.bookings1;
  v_candidate jsonb;
  v_chosen jsonb;
  v_elsewhere boolean;
  v_template jsonb;
  v_id uuid;
begin
  select * into v_plan from public.booking_plans where id = p_plan_id;
  if not found or v_plan.status <> 'active' then
    return jsonb_build_object('status', 'inactive');
  end if;
  select * into v_existing from public.bookings1 where plan_id = p_plan_id and plan_visit = v_number;
  if found then
    return jsonb_build_object('status', 'existing', 'id', v_existing.id, 'date', v_existing.date::text,
      'window', v_existing.arrival_window, 'placed_elsewhere', v_existing.placed_elsewhere);
  end if;
  -- Every window this visit may take, locked at once in one order (the locks' own), so two visits
  -- placed at the same time never wait for each other in a circle; create_pending_booking takes one
  -- of the same locks, so the count below and the insert after it never interleave with a booking's.
  perform pg_advisory_xact_lock(k.key)
  from (
    select distinct hashtextextended('booking window ' || v_plan.service_family || ' ' || (c ->> 'date') || ' ' || (c ->> 'window'), 0) as key
    from jsonb_array_elements(coalesce(p_visit -> 'candidates', '[]'::jsonb)) as c
  ) k
  order by k.key;
  -- The same visit may have been stored while this call waited for the locks.
  select * into v_existing from public.bookings1 where plan_id = p_plan_id and plan_visit = v_number;
  if found then
    return jsonb_build_object('status', 'existing', 'id', v_existing.id, 'date', v_existing.date::text,
      'window', v_existing.arrival_window, 'placed_elsewhere', v_existing.placed_elsewhere);
  end if;
  for v_candidate in select c from jsonb_array_elements(coalesce(p_visit -> 'candidates', '[]'::jsonb)) as c loop
    if public.window_places_taken(v_plan.service_family, (v_candidate ->> 'date')::date, v_candidate ->> 'window', p_now)
       < (v_candidate ->> 'capacity')::integer then
      v_chosen := v_candidate;
      exit;
    end if;
  end loop;
  update public.booking_plans set generated_through = greatest(generated_through, v_date), updated_at = now() where id = p_plan_id;
  if v_chosen is null then
    perform public.enqueue_event_emails('plan_visit:' || p_plan_id || ':' || v_number, coalesce(p_visit -> 'full_emails', '[]'::jsonb));
    return jsonb_build_object('status', 'full', 'date', v_date::text);
  end if;
  v_template := v_plan.visit_template;
  -- Known before it is stored (lib/booking/plans/visit-id.ts): the first visit's confirmation names
  -- each later visit's calendar event by it, so a later move of that visit replaces that event. A
  -- number generated again (a resumed plan renumbers what its pause released) gets a new id.
  v_visit_id := md5('plan-visit:' || v_plan.first_booking_id || ':' || v_number)::uuid;
  if exists (select 1 from public.bookings1 where id = v_visit_id) then
    v_visit_id := gen_random_uuid();
  end if;
  -- Elsewhere: not the plan's own window on the visit's own date (that one full, closed or gone).
  v_elsewhere := (v_chosen ->> 'date')::date <> v_date or (v_chosen ->> 'window') <> v_plan.arrival_window;
  insert into public.bookings1 (
    id, industry, idempotency_key, first_name, last_name, email, phone, address, notes, location, service,
    frequency, bedrooms, bathrooms, half_bath, den, extras, instructions, date, tip, parking_fee, hours,
    minutes, rooms, stairs, coupon, discount_cents, amount_cents, amount, discount,
    arrival_window, service_family, window_starts_at, hold_expires_at, sms_consent_at,
    payment_status, payment_provider, plan_id, plan_visit, charge_state, charge_due_at, placed_elsewhere
  ) values (
    v_visit_id,
    v_plan.industry,
    -- One key per plan and visit: the same visit is never two bookings.
    md5('plan visit ' || p_plan_id || ' ' || v_number)::uuid,
    v_plan.first_name, v_plan.last_name, v_plan.email, v_plan.phone,
    v_template ->> 'address', v_template ->> 'notes', v_template ->> 'location', v_template ->> 'service',
    v_plan.frequency,
    (v_template ->> 'bedrooms')::integer, (v_template ->> 'bathrooms')::integer, (v_template ->> 'halfBath')::integer,
    (v_template ->> 'den')::integer, nullif(v_template -> 'extras', 'null'::jsonb), nullif(v_template -> 'instructions', 'null'::jsonb),
    (v_chosen ->> 'date')::date, v_template ->> 'tip', v_template ->> 'parkingFee',
    (v_template ->> 'hours')::integer, (v_template ->> 'minutes')::integer, (v_template ->> 'rooms')::integer,
    (v_template ->> 'stairs')::integer,
    -- A coupon is for one visit: later visits have none.
    null, 0, v_plan.per_visit_cents, round(v_plan.per_visit_cents / 100.0, 2), 0,
    v_chosen ->> 'window', v_plan.service_family, (v_chosen ->> 'window_starts_at')::timestamptz, null, v_plan.sms_consent_at,
    'scheduled', v_plan.payment_provider, p_plan_id, v_number, 'scheduled', (v_chosen ->> 'charge_due_at')::timestamptz,
    v_elsewhere
  )
  returning id into v_id;
  if v_elsewhere then
    perform public.enqueue_event_emails('plan_visit:' || p_plan_id || ':' || v_number, coalesce((
      select jsonb_agg(jsonb_set(e, '{payload}', (e -> 'payload') || jsonb_build_object(
        'toDate', v_chosen ->> 'date', 'toWindow', v_chosen ->> 'window', 'windowStartsAt', v_chosen ->> 'window_starts_at')))
      from jsonb_array_elements(coalesce(p_visit -> 'placed_emails', '[]'::jsonb)) as e), '[]'::jsonb));
  end if;
  return jsonb_build_object('status', 'added', 'id', v_id, 'date', v_chosen ->> 'date', 'window', v_chosen ->> 'window',
    'placed_elsewhere', v_elsewhere);
end;
$$;

-- The active plans with visits still to generate before p_through (the horizon), after p_after (an
-- id: pages in id order), at most p_limit. Two columns, as PostgREST answers a one-column set as
-- bare values.
create function public.plans_to_roll_forward(p_through date, p_after uuid, p_limit integer)
returns table (id uuid, plan jsonb)
language sql
stable
set search_path = ''
as $$
  select p.id, to_jsonb(p) from public.booking_plans p
  where p.status = 'active' and p.generated_through < p_through and (p_after is null or p.id > p_after)
  order by p.id
  limit p_limit;
$$;

-- Paid first visits of a recurring frequency without their plan, paid before p_paid_before (a
-- confirmation under way makes its own): at most p_limit, oldest first.
create function public.paid_bookings_without_plan(p_paid_before timestamptz, p_limit integer)
returns table (id uuid, booking jsonb)
language sql
stable
set search_path = ''
as $$
  select b.id, to_jsonb(b) from public.bookings1 b
  where b.payment_status = 'paid' and b.plan_id is null
    and b.frequency in ('Weekly', 'Every Other Week', 'Monthly', 'Every 3 Months', 'Every 6 Months', 'Recurring')
    and public.plan_cadence_of(b.industry, b.service, b.frequency) is not null
    and b.arrival_window is not null and b.paid_at < p_paid_before
  order by b.paid_at
  limit p_limit;
$$;

revoke all on function
  public.plan_cadence_of(text, text, text),
  public.create_plan_for_booking(uuid, jsonb),
  public.add_plan_visit(uuid, jsonb, timestamptz),
  public.plans_to_roll_forward(date, uuid, integer),
  public.paid_bookings_without_plan(timestamptz, integer)
from public, anon, authenticated;
grant execute on function
  public.plan_cadence_of(text, text, text),
  public.create_plan_for_booking(uuid, jsonb),
  public.add_plan_visit(uuid, jsonb, timestamptz),
  public.plans_to_roll_forward(date, uuid, integer),
  public.paid_bookings_without_plan(timestamptz, integer)
to service_role;
