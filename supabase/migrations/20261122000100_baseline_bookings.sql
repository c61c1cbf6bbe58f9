-- Bookings: what the four paid booking screens store, the arrival windows they take a place in, and
-- what the customer does with a booking through its manage link (move it, ask to cancel).
--
-- The browser never reaches these tables (RLS on, no policy, nothing for anon and authenticated);
-- the app's server calls the functions below as the service role. A plan's later visits are rows of
-- this table too; the columns that make a row a plan visit are added by the plans baseline.
create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  industry text not null check (industry in ('house', 'exterior', 'carpet', 'commercial')),

  -- customer
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  address text not null,
  notes text,

  -- what was booked (which fields are used depends on the industry)
  location text,
  service text,
  frequency text,
  bedrooms integer check (bedrooms >= 0),
  bathrooms integer check (bathrooms >= 0),
  half_bath integer check (half_bath >= 0),
  den integer check (den >= 0),
  extras jsonb,        -- extra name -> count
  instructions jsonb,  -- question -> answer (house), {"keyInfo": …} (exterior), the choice as a string (carpet)
  date date,
  tip text,            -- as chosen, e.g. '10%'
  parking_fee text,    -- as chosen, e.g. '$5'
  hours integer check (hours >= 0),
  minutes integer check (minutes >= 0),
  rooms integer check (rooms >= 0),
  stairs integer check (stairs >= 0),

  -- money: computed by the server in integer cents; dollars kept beside them for people reading the rows
  coupon text,
  discount numeric(10, 2) check (discount >= 0),
  discount_cents integer check (discount_cents >= 0),
  amount numeric(10, 2),
  amount_cents integer not null check (amount_cents >= 50),  -- the card provider's minimum charge
  constraint bookings_amount_matches_cents check (amount is null or amount * 100 = amount_cents),
  constraint bookings_discount_matches_cents check (discount is null or discount_cents is null or discount * 100 = discount_cents),

  -- payment
  -- 'scheduled': a plan's later visit, not charged yet (see the plans baseline).
  payment_status text not null default 'pending'
    check (payment_status in ('pending', 'paid', 'scheduled', 'cancelled', 'expired', 'failed')),
  payment_provider text,
  payment_session_id text unique,
  idempotency_key uuid not null unique,
  constraint bookings_paid_has_paid_at check (payment_status <> 'paid' or paid_at is not null),

  created_at timestamptz not null default now(),
  updated_at timestamptz,
  paid_at timestamptz,

  -- The arrival window ('08:00-10:00', Renton time) and the crew that serves it (house and carpet
  -- share the indoor crews). hold_expires_at: while a pending booking's checkout is open, it holds
  -- its place until then.
  arrival_window text check (arrival_window ~ '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$'),
  service_family text check (service_family in ('indoor', 'exterior', 'commercial')),
  window_starts_at timestamptz,
  hold_expires_at timestamptz,
  constraint bookings_window_has_date check (arrival_window is null or (date is not null and service_family is not null and window_starts_at is not null)),

  -- When the customer asked to cancel through the manage link.
  cancellation_requested_at timestamptz,

  -- The generation of the booking's current manage link (see booking_link_change_refusal).
  manage_link_generation integer not null default 0 check (manage_link_generation >= 0),

  -- When the server last asked the payment provider about a pending booking's checkout (see
  -- claim_booking_payment_check).
  payment_checked_at timestamptz,

  -- The office's work on a booking beyond its payment. A cancelled booking keeps its payment status
  -- ('paid': the money was taken; refunded_cents says how much went back) and no longer takes a place
  -- in its window. outcome: marked done or a no-show.
  cancelled_at timestamptz,
  refunded_cents integer not null default 0 check (refunded_cents >= 0 and refunded_cents <= amount_cents),
  outcome text check (outcome in ('done', 'no_show')),
  outcome_at timestamptz,
  constraint bookings_outcome_has_time check ((outcome is null) = (outcome_at is null)),

  -- How many times the visit changed (a move, a cancellation, an outcome): the SEQUENCE of its event
  -- in the crews' calendars, so phones replace the older version. Bumped by a trigger (office baseline).
  calendar_sequence integer not null default 0 check (calendar_sequence >= 0)
);

create index bookings_created_at_idx on public.bookings (created_at);

alter table public.bookings enable row level security;

-- No policy at all: anon and authenticated can neither read nor write, even if granted by default.
revoke all on table public.bookings from public, anon, authenticated;

grant select, insert, update on table public.bookings to service_role;

-- pending → paid and the booking's e-mails, in one transaction: only the call that makes the booking
-- paid queues them, so the webhook and the success page confirming the same payment send one
-- confirmation. Answers whether this call changed the booking.
create function public.mark_booking_paid(p_id uuid, p_session_id text, p_paid_at timestamptz, p_emails jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.bookings
  set payment_status = 'paid', payment_session_id = p_session_id, paid_at = p_paid_at, updated_at = now()
  where id = p_id and payment_status = 'pending';
  if not found then
    return false;
  end if;
  perform public.enqueue_event_emails('booking_paid:' || p_id, p_emails);
  return true;
end;
$$;

-- The places of an arrival window. Each booking names its date and arrival window ('08:00-10:00', Renton time) and the crew that
-- serves it (house and carpet share the indoor crews). A window takes as many bookings of a crew as
-- the Availability document says; the app passes that capacity in, and this database alone decides
-- whether a place is left: create_pending_booking counts the places taken under a transaction lock on
-- the window, so two requests (or two server processes) can never both take the last place.
--
-- A place is taken by a paid booking, and by a pending one while its checkout is open
-- (hold_expires_at, when the payment session expires); an expired, cancelled or failed checkout
-- frees it.
create index bookings_window_idx on public.bookings (service_family, date, arrival_window)
  where arrival_window is not null and payment_status in ('pending', 'paid');

-- The places of a window taken now: paid and scheduled (a plan's visit) bookings not cancelled, and
-- pending ones whose checkout is still open.
create function public.window_places_taken(p_family text, p_date date, p_window text, p_now timestamptz)
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer
  from public.bookings
  where service_family = p_family and date = p_date and arrival_window = p_window
    and cancelled_at is null
    and (payment_status in ('paid', 'scheduled') or (payment_status = 'pending' and hold_expires_at > p_now));
$$;

-- Stores a pending booking in its arrival window when a place is left (under the window's lock),
-- with the customer's consent to texts (sms_consent_at).
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
    frequency, bedrooms, bathrooms, half_bath, den, extras, instructions, date, tip, parking_fee, hours,
    minutes, rooms, stairs, coupon, discount_cents, amount_cents, amount, discount,
    arrival_window, service_family, window_starts_at, hold_expires_at, sms_consent_at
  )
  select
    r.industry, r.idempotency_key, r.first_name, r.last_name, r.email, r.phone, r.address, r.notes, r.location, r.service,
    r.frequency, r.bedrooms, r.bathrooms, r.half_bath, r.den, r.extras, r.instructions, r.date, r.tip, r.parking_fee, r.hours,
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

-- The places taken in every window of one crew between two dates, for the availability the
-- booking forms offer.
create function public.window_places_taken_between(p_family text, p_from date, p_to date, p_now timestamptz)
returns table (date text, arrival_window text, taken integer)
language sql
stable
set search_path = ''
as $$
  select b.date::text, b.arrival_window, count(*)::integer
  from public.bookings b
  where b.service_family = p_family and b.date between p_from and p_to and b.arrival_window is not null
    and b.cancelled_at is null
    and (b.payment_status in ('paid', 'scheduled') or (b.payment_status = 'pending' and b.hold_expires_at > p_now))
  group by b.date, b.arrival_window;
$$;

-- The customer manages a paid booking through the private link in its confirmation e-mail: moves it
-- to another free arrival window, or asks to cancel, until 24 hours before its window starts. Every
-- change is recorded with its time and queues the business's notification and the customer's
-- confirmation in the same transaction.
create table public.booking_changes (
  -- In the order the changes were made (also two in the same microsecond).
  id bigint generated always as identity primary key,
  -- Erasing a booking (by hand, on request) erases its record too.
  booking_id uuid not null references public.bookings (id) on delete cascade,
  kind text not null check (kind in ('rescheduled', 'cancellation_requested')),
  -- The date and window before and after a move (a cancellation request keeps them: "from" only).
  from_date date,
  from_window text,
  to_date date,
  to_window text,
  changed_at timestamptz not null,
  constraint booking_changes_move_has_target check (kind <> 'rescheduled' or (to_date is not null and to_window is not null)),
  -- A move the office made is one of the booking's changes too (the customer's page lists it, and
  -- the calendar file's SEQUENCE counts it): the staff action it came from (null: the customer's).
  staff_action_id uuid references public.staff_actions (id)
);

create index booking_changes_booking_idx on public.booking_changes (booking_id, changed_at);

alter table public.booking_changes enable row level security;

revoke all on table public.booking_changes, public.app_secrets from public, anon, authenticated;

grant select, insert on table public.booking_changes, public.app_secrets to service_role;

-- A plan's visit waiting for its charge ('scheduled') can be moved by the customer like a paid
-- booking (same 24-hour notice, same window count); anything else not paid still cannot.
create function public.booking_change_refusal(p_id uuid, p_notice_hours integer, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
begin
  select * into v from public.bookings where id = p_id for update;
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

-- The customer moves a booking to another free window through the manage link, until the notice
-- before its window. A plan visit's charge times move with its window: it is still charged the same
-- time before its (new) window, and a declined one keeps its place as long before it.
create function public.reschedule_booking(
  p_id uuid, p_date date, p_window text, p_window_starts_at timestamptz, p_capacity integer,
  p_notice_hours integer, p_now timestamptz, p_emails jsonb, p_link_generation integer
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  v_refusal text := public.booking_link_change_refusal(p_id, p_link_generation, p_notice_hours, p_now);
  v_change bigint;
  v_shift interval;
begin
  if v_refusal is not null then
    return jsonb_build_object('status', v_refusal);
  end if;
  select * into v from public.bookings where id = p_id;
  if v.date = p_date and v.arrival_window = p_window then
    return jsonb_build_object('status', 'same');
  end if;
  perform pg_advisory_xact_lock(hashtextextended(
    'booking window ' || v.service_family || ' ' || to_char(p_date, 'YYYY-MM-DD') || ' ' || p_window, 0));
  if public.window_places_taken(v.service_family, p_date, p_window, p_now) >= p_capacity then
    return jsonb_build_object('status', 'full');
  end if;
  v_shift := p_window_starts_at - v.window_starts_at;
  update public.bookings
  set date = p_date, arrival_window = p_window, window_starts_at = p_window_starts_at, updated_at = p_now,
    manage_link_generation = manage_link_generation + 1
  where id = p_id;
  -- A plan visit's charge row (public.plan_visit_charges, in the plans baseline) moves with it.
  update public.plan_visit_charges
  set due_at = due_at + v_shift, card_deadline_at = card_deadline_at + v_shift
  where booking_id = p_id;
  insert into public.booking_changes (booking_id, kind, from_date, from_window, to_date, to_window, changed_at)
  values (p_id, 'rescheduled', v.date, v.arrival_window, p_date, p_window, p_now)
  returning id into v_change;
  perform public.enqueue_event_emails('booking_rescheduled:' || v_change, p_emails);
  return jsonb_build_object('status', 'moved');
end;
$$;

-- The customer asks to cancel a paid booking through the manage link, until the notice before its
-- window. A plan's visit not yet charged is skipped instead (skip_plan_visit), nothing to refund.
create function public.request_booking_cancellation(p_id uuid, p_notice_hours integer, p_now timestamptz, p_emails jsonb, p_link_generation integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings;
  v_refusal text := public.booking_link_change_refusal(p_id, p_link_generation, p_notice_hours, p_now);
begin
  if v_refusal is not null then
    return jsonb_build_object('status', v_refusal);
  end if;
  select * into v from public.bookings where id = p_id;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  update public.bookings
  set cancellation_requested_at = p_now, updated_at = p_now, manage_link_generation = manage_link_generation + 1
  where id = p_id;
  insert into public.booking_changes (booking_id, kind, from_date, from_window, changed_at)
  values (p_id, 'cancellation_requested', v.date, v.arrival_window, p_now);
  perform public.enqueue_event_emails('booking_cancellation_requested:' || p_id, p_emails);
  return jsonb_build_object('status', 'requested');
end;
$$;

-- A booking's changes, oldest first.
create function public.booking_changes_of(p_id uuid)
returns table (kind text, from_date text, from_window text, to_date text, to_window text, changed_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select c.kind, c.from_date::text, c.from_window, c.to_date::text, c.to_window, c.changed_at
  from public.booking_changes c
  where c.booking_id = p_id
  order by c.id;
$$;

-- A booking's manage link is replaced each time the customer moves the booking or asks to cancel
-- it: the e-mail sent for that change carries a new link, and the one before it
-- stops working at once. Each link names the generation it was issued for; the booking keeps the
-- current one, bumped in the same transaction as the change, under the booking's row lock, so a
-- link that lost a race changes nothing. Existing bookings (and the links already sent for them)
-- are generation 0.
-- Why a change made with a link of generation p_link_generation cannot be made now, or null:
-- 'link_replaced' before anything else (that link shows only that it was replaced), then the
-- reasons of booking_change_refusal. Locks the booking's row (FOR UPDATE), as that one does.
create function public.booking_link_change_refusal(p_id uuid, p_link_generation integer, p_notice_hours integer, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_refusal text := public.booking_change_refusal(p_id, p_notice_hours, p_now);
  v_generation integer;
begin
  if v_refusal = 'not_found' then
    return v_refusal;
  end if;
  select manage_link_generation into v_generation from public.bookings where id = p_id;
  if v_generation <> p_link_generation then
    return 'link_replaced';
  end if;
  return v_refusal;
end;
$$;

-- When the server last asked the payment provider about a pending booking's checkout: reloading
-- /success or /cancel must not call Stripe's API each time, whichever server process answers, so the database remembers the last time and hands the right to ask to one caller.

-- True when the caller may ask the provider now: the booking is pending with a checkout session and
-- nobody asked in the last `p_interval_seconds` (the time is recorded in the same statement, so of
-- concurrent callers one gets true). False for an unknown booking and for a final one (paid,
-- cancelled, expired, failed): its state no longer depends on the provider's answer.
-- `p_now` is for tests; the app passes null and every process reads the database's one clock.
create function public.claim_booking_payment_check(p_id uuid, p_interval_seconds integer, p_now timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, statement_timestamp());
begin
  update public.bookings
  set payment_checked_at = v_now
  where id = p_id
    and payment_status = 'pending'
    and payment_session_id is not null
    and (payment_checked_at is null or payment_checked_at <= v_now - make_interval(secs => greatest(p_interval_seconds, 0)));
  return found;
end;
$$;

-- The schedule and the default order read by date; the name sort by last name.
create index bookings_date_idx on public.bookings (date, window_starts_at);

create index bookings_name_idx on public.bookings (lower(last_name), lower(first_name));

-- The changes the customer made through the manage link (the office's moves are staff actions of
-- their own), oldest first: booking_changes_of's shape.
create function public.customer_booking_changes_of(p_id uuid)
returns table (kind text, from_date text, from_window text, to_date text, to_window text, changed_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select c.kind, c.from_date::text, c.from_window, c.to_date::text, c.to_window, c.changed_at
  from public.booking_changes c
  where c.booking_id = p_id and c.staff_action_id is null
  order by c.id;
$$;

-- The places of a window are counted often (every plan visit generated tries its week's windows).
create index bookings_window_places_idx on public.bookings (service_family, date, arrival_window) where arrival_window is not null;

-- The reminder job's look at the coming visits every 10 minutes.
create index bookings_visits_by_window_start_idx on public.bookings (window_starts_at)
  where cancelled_at is null and payment_status in ('paid', 'scheduled');

-- The visits whose window starts soon: the reminder job reads these.
create index bookings_reminder_window_idx on public.bookings (window_starts_at)
  where payment_status in ('paid', 'scheduled') and cancelled_at is null and outcome is null;


-- Functions of this baseline: only the app's server (the service role) calls them.
revoke all on function
  public.mark_booking_paid(uuid,text,timestamptz,jsonb),
  public.window_places_taken(text,date,text,timestamptz),
  public.create_pending_booking(jsonb,integer,timestamptz),
  public.window_places_taken_between(text,date,date,timestamptz),
  public.booking_change_refusal(uuid,integer,timestamptz),
  public.reschedule_booking(uuid,date,text,timestamptz,integer,integer,timestamptz,jsonb,integer),
  public.request_booking_cancellation(uuid,integer,timestamptz,jsonb,integer),
  public.booking_changes_of(uuid),
  public.booking_link_change_refusal(uuid,integer,integer,timestamptz),
  public.claim_booking_payment_check(uuid,integer,timestamptz),
  public.customer_booking_changes_of(uuid)
  from public, anon, authenticated;
grant execute on function
  public.mark_booking_paid(uuid,text,timestamptz,jsonb),
  public.window_places_taken(text,date,text,timestamptz),
  public.create_pending_booking(jsonb,integer,timestamptz),
  public.window_places_taken_between(text,date,date,timestamptz),
  public.booking_change_refusal(uuid,integer,timestamptz),
  public.reschedule_booking(uuid,date,text,timestamptz,integer,integer,timestamptz,jsonb,integer),
  public.request_booking_cancellation(uuid,integer,timestamptz,jsonb,integer),
  public.booking_changes_of(uuid),
  public.booking_link_change_refusal(uuid,integer,integer,timestamptz),
  public.claim_booking_payment_check(uuid,integer,timestamptz),
  public.customer_booking_changes_of(uuid)
  to service_role;
