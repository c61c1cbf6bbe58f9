-- A booking's tip and parking fee in cents, as the server priced them (lib/booking/pricing), beside
-- what the form chose ('10%', '$5'): the office's money figures add them up in the database, which
-- cannot work a percentage of a subtotal it does not store. Null where it cannot be known.
alter table public.bookings
  add column tip_cents integer check (tip_cents >= 0),
  add column parking_cents integer check (parking_cents >= 0);

-- Bookings stored before: exterior, carpet and commercial charge neither online (an exterior tip is
-- recorded, not charged). A house booking's parking is its fee; its tip is the percentage of the
-- subtotal rounded half up, and the amount charged is subtotal + tip + parking − discount (never
-- floored: the amount is at least 50 cents), so subtotal + tip is known and the tip is the one
-- split of it that agrees with the rounding (of the two subtotals next to the exact quotient).
update public.bookings set tip_cents = 0, parking_cents = 0 where industry in ('exterior', 'carpet', 'commercial');

-- No choice stored is the form's default ('0%', '$0').
update public.bookings set parking_cents = substring(coalesce(parking_fee, '$0') from '^\$(\d+)$')::integer * 100
where industry = 'house' and coalesce(parking_fee, '$0') ~ '^\$\d+$';

with house as (
  select id, substring(coalesce(tip, '0%') from '^(\d+)%$')::integer as percent,
    amount_cents + coalesce(discount_cents, 0) - parking_cents as with_tip
  from public.bookings
  where industry = 'house' and coalesce(tip, '0%') ~ '^\d+%$' and parking_cents is not null
),
split as (
  select h.id, h.with_tip - s.subtotal as tip_cents
  from house h
  cross join lateral (values (floor(h.with_tip * 100.0 / (100 + h.percent))::integer), (floor(h.with_tip * 100.0 / (100 + h.percent))::integer + 1)) as s (subtotal)
  where round(s.subtotal * h.percent / 100.0) = h.with_tip - s.subtotal
)
update public.bookings b set tip_cents = (select min(split.tip_cents) from split where split.id = b.id)
where b.id in (select id from split);

-- Unchanged but for the two new columns.
create or replace function public.create_pending_booking(p_booking jsonb, p_capacity integer, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_key uuid := (p_booking ->> 'idempotency_key')::uuid;
  v_window text := p_booking ->> 'arrival_window';
  v_id uuid;
begin
  select id into v_id from public.bookings where idempotency_key = v_key;
  if found then
    return jsonb_build_object('status', 'existing', 'id', v_id);
  end if;
  if v_window is not null then
    -- One request at a time per window, until this transaction ends: the count below and the
    -- insert after it cannot interleave with another request's.
    perform pg_advisory_xact_lock(hashtextextended(
      'booking window ' || (p_booking ->> 'service_family') || ' ' || (p_booking ->> 'date') || ' ' || v_window, 0));
    -- The same key may have been stored while this request waited for the lock.
    select id into v_id from public.bookings where idempotency_key = v_key;
    if found then
      return jsonb_build_object('status', 'existing', 'id', v_id);
    end if;
    if public.window_places_taken(p_booking ->> 'service_family', (p_booking ->> 'date')::date, v_window, p_now) >= p_capacity then
      return jsonb_build_object('status', 'full');
    end if;
  end if;
  insert into public.bookings (
    industry, idempotency_key, first_name, last_name, email, phone, address, notes, location, service,
    frequency, bedrooms, bathrooms, half_bath, den, extras, instructions, date, tip, parking_fee, tip_cents, parking_cents, hours,
    minutes, rooms, stairs, coupon, discount_cents, amount_cents, amount, discount,
    arrival_window, service_family, window_starts_at, hold_expires_at, sms_consent_at
  )
  select
    r.industry, r.idempotency_key, r.first_name, r.last_name, r.email, r.phone, r.address, r.notes, r.location, r.service,
    r.frequency, r.bedrooms, r.bathrooms, r.half_bath, r.den, r.extras, r.instructions, r.date, r.tip, r.parking_fee, r.tip_cents, r.parking_cents, r.hours,
    r.minutes, r.rooms, r.stairs, r.coupon, r.discount_cents, r.amount_cents, r.amount, r.discount,
    r.arrival_window, r.service_family, r.window_starts_at, r.hold_expires_at, r.sms_consent_at
  from jsonb_populate_record(null::public.bookings, p_booking) as r
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    -- A concurrent request without a window stored the same key first.
    select id into v_id from public.bookings where idempotency_key = v_key;
    return jsonb_build_object('status', 'existing', 'id', v_id);
  end if;
  return jsonb_build_object('status', 'created', 'id', v_id);
end;
$$;


-- Unchanged but for the two new columns (from the plan's visit template).
create or replace function public.add_plan_visit(p_plan_id uuid, p_visit jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.booking_plans;
  v_number integer := (p_visit ->> 'visit')::integer;
  v_visit_id uuid;
  v_date date := (p_visit ->> 'date')::date;
  v_existing public.bookings;
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
  select * into v_existing from public.bookings where plan_id = p_plan_id and plan_visit = v_number;
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
  select * into v_existing from public.bookings where plan_id = p_plan_id and plan_visit = v_number;
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
  if exists (select 1 from public.bookings where id = v_visit_id) then
    v_visit_id := gen_random_uuid();
  end if;
  -- Elsewhere: not the plan's own window on the visit's own date (that one full, closed or gone).
  v_elsewhere := (v_chosen ->> 'date')::date <> v_date or (v_chosen ->> 'window') <> v_plan.arrival_window;
  insert into public.bookings (
    id, industry, idempotency_key, first_name, last_name, email, phone, address, notes, location, service,
    frequency, bedrooms, bathrooms, half_bath, den, extras, instructions, date, tip, parking_fee, tip_cents, parking_cents, hours,
    minutes, rooms, stairs, coupon, discount_cents, amount_cents, amount, discount,
    arrival_window, service_family, window_starts_at, hold_expires_at, sms_consent_at,
    payment_status, payment_provider, plan_id, plan_visit, placed_elsewhere
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
    (v_template ->> 'tipCents')::integer, (v_template ->> 'parkingCents')::integer,
    (v_template ->> 'hours')::integer, (v_template ->> 'minutes')::integer, (v_template ->> 'rooms')::integer,
    (v_template ->> 'stairs')::integer,
    -- A coupon is for one visit: later visits have none.
    null, 0, v_plan.per_visit_cents, round(v_plan.per_visit_cents / 100.0, 2), 0,
    v_chosen ->> 'window', v_plan.service_family, (v_chosen ->> 'window_starts_at')::timestamptz, null, v_plan.sms_consent_at,
    'scheduled', v_plan.payment_provider, p_plan_id, v_number, v_elsewhere
  )
  returning id into v_id;
  -- Its charge, in the same transaction: a 'scheduled' visit never lacks one.
  insert into public.plan_visit_charges (booking_id, state, due_at)
  values (v_id, 'scheduled', (v_chosen ->> 'charge_due_at')::timestamptz);
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
