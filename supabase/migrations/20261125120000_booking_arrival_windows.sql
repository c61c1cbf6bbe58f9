-- A booking's arrival window, and the places a window has (decisions.md "Scheduling").
--
-- Each booking names its date and arrival window ('08:00-10:00', Renton time) and the crew that
-- serves it (house and carpet share the indoor crews). A window takes as many bookings of a crew as
-- the Availability document says; the app passes that capacity in, and this database alone decides
-- whether a place is left: create_pending_booking counts the places taken under a transaction lock on
-- the window, so two requests (or two server processes) can never both take the last place.
--
-- A place is taken by a paid booking, and by a pending one while its checkout is open
-- (hold_expires_at, when the payment session expires); an expired, cancelled or failed checkout
-- frees it.

alter table public.bookings1
  add column arrival_window text check (arrival_window ~ '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$'),
  add column service_family text check (service_family in ('indoor', 'exterior', 'commercial')),
  add column window_starts_at timestamptz,
  add column hold_expires_at timestamptz,
  add constraint bookings1_window_has_date check (arrival_window is null or (date is not null and service_family is not null and window_starts_at is not null));

create index bookings1_window_idx on public.bookings1 (service_family, date, arrival_window)
  where arrival_window is not null and payment_status in ('pending', 'paid');

-- The places of one crew's window taken at p_now: paid bookings, and pending ones whose checkout
-- is still open.
create function public.window_places_taken(p_family text, p_date date, p_window text, p_now timestamptz)
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer
  from public.bookings1
  where service_family = p_family and date = p_date and arrival_window = p_window
    and (payment_status = 'paid' or (payment_status = 'pending' and hold_expires_at > p_now));
$$;

-- Stores a new pending booking (p_booking: its columns, as the app's mapping writes them) if its
-- window has a place left. Answers {"status": "created" | "existing" | "full", "id": …}: the same
-- idempotency key again answers the booking stored first ("existing"), also when its window is full
-- by now; "full" stores nothing. Without an arrival window (bookings made before windows existed)
-- there is nothing to count.
create function public.create_pending_booking(p_booking jsonb, p_capacity integer, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_key uuid := (p_booking ->> 'idempotency_key')::uuid;
  v_window text := p_booking ->> 'arrival_window';
  v_id uuid;
begin
  select id into v_id from public.bookings1 where idempotency_key = v_key;
  if found then
    return jsonb_build_object('status', 'existing', 'id', v_id);
  end if;
  if v_window is not null then
    -- One request at a time per window, until this transaction ends: the count below and the
    -- insert after it cannot interleave with another request's.
    perform pg_advisory_xact_lock(hashtextextended(
      'booking window ' || (p_booking ->> 'service_family') || ' ' || (p_booking ->> 'date') || ' ' || v_window, 0));
    -- The same key may have been stored while this request waited for the lock.
    select id into v_id from public.bookings1 where idempotency_key = v_key;
    if found then
      return jsonb_build_object('status', 'existing', 'id', v_id);
    end if;
    if public.window_places_taken(p_booking ->> 'service_family', (p_booking ->> 'date')::date, v_window, p_now) >= p_capacity then
      return jsonb_build_object('status', 'full');
    end if;
  end if;
  insert into public.bookings1 (
    industry, idempotency_key, first_name, last_name, email, phone, address, notes, location, service,
    frequency, bedrooms, bathrooms, half_bath, den, extras, instructions, date, tip, parking_fee, hours,
    minutes, rooms, stairs, coupon, discount_cents, amount_cents, amount, discount,
    arrival_window, service_family, window_starts_at, hold_expires_at
  )
  select
    r.industry, r.idempotency_key, r.first_name, r.last_name, r.email, r.phone, r.address, r.notes, r.location, r.service,
    r.frequency, r.bedrooms, r.bathrooms, r.half_bath, r.den, r.extras, r.instructions, r.date, r.tip, r.parking_fee, r.hours,
    r.minutes, r.rooms, r.stairs, r.coupon, r.discount_cents, r.amount_cents, r.amount, r.discount,
    r.arrival_window, r.service_family, r.window_starts_at, r.hold_expires_at
  from jsonb_populate_record(null::public.bookings1, p_booking) as r
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    -- A concurrent request without a window stored the same key first.
    select id into v_id from public.bookings1 where idempotency_key = v_key;
    return jsonb_build_object('status', 'existing', 'id', v_id);
  end if;
  return jsonb_build_object('status', 'created', 'id', v_id);
end;
$$;

-- The places taken in every window of one crew between two dates, for the availability the
-- booking forms offer.
create function public.window_places_taken_between(p_family text, p_from date, p_to date, p_now timestamptz)
returns table (date text, arrival_window text, taken integer)
language sql
stable
set search_path = ''
as $$
  select b.date::text, b.arrival_window, count(*)::integer
  from public.bookings1 b
  where b.service_family = p_family and b.date between p_from and p_to and b.arrival_window is not null
    and (b.payment_status = 'paid' or (b.payment_status = 'pending' and b.hold_expires_at > p_now))
  group by b.date, b.arrival_window;
$$;

revoke all on function
  public.window_places_taken(text, date, text, timestamptz),
  public.create_pending_booking(jsonb, integer, timestamptz),
  public.window_places_taken_between(text, date, date, timestamptz)
from public, anon, authenticated;
grant execute on function
  public.window_places_taken(text, date, text, timestamptz),
  public.create_pending_booking(jsonb, integer, timestamptz),
  public.window_places_taken_between(text, date, date, timestamptz)
to service_role;
