-- A plan's later visit waiting for its charge (payment status 'scheduled', issue 24) is a job to come:
-- the office shows it on the schedule, the crews' day sheets and calendars, lists and filters it as
-- 'plan_visit', and staff may move it like a paid booking (its charge and any card deadline move
-- with its window, as a move through the manage link does). Until its charge (48 hours before) it
-- is not paid: it cannot be refunded, and staff skip it from its plan's page instead of cancelling.

create or replace function public.office_booking_status(
  p_payment_status text, p_hold_expires_at timestamptz, p_cancellation_requested_at timestamptz,
  p_cancelled_at timestamptz, p_outcome text, p_now timestamptz
)
returns text
language sql
immutable
as $$
  select case
    when p_cancelled_at is not null then 'cancelled'
    when p_outcome = 'done' then 'done'
    when p_outcome = 'no_show' then 'no_show'
    when p_payment_status = 'paid' then case when p_cancellation_requested_at is not null then 'cancellation_requested' else 'paid' end
    when p_payment_status = 'scheduled' then 'plan_visit'
    when p_payment_status = 'pending' then case when p_hold_expires_at is not null and p_hold_expires_at <= p_now then 'hold_ended' else 'unpaid_hold' end
    when p_payment_status = 'failed' then 'payment_failed'
    else 'hold_ended'
  end;
$$;

create or replace function public.office_bookings_between(p_from date, p_to date)
returns setof public.bookings1
language sql
stable
set search_path = ''
as $$
  select b.*
  from public.bookings1 b
  where b.date between p_from and p_to and b.payment_status in ('paid', 'pending', 'scheduled')
  order by b.date, b.window_starts_at nulls last, b.created_at, b.id;
$$;

create or replace function public.crew_calendar_bookings(p_crew text, p_from date, p_to date)
returns table (id uuid, booking jsonb)
language sql
stable
set search_path = ''
as $$
  select b.id, to_jsonb(b)
  from public.bookings1 b
  -- Bookings from before arrival windows have no crew stored: their form names it.
  where (b.service_family = p_crew
      or (b.service_family is null and (case when b.industry in ('house', 'carpet') then 'indoor' else b.industry end) = p_crew))
    and b.payment_status in ('paid', 'scheduled')
    and b.date between p_from and p_to
  order by b.date, b.window_starts_at nulls first, b.id;
$$;

create or replace function public.office_move_booking(
  p_id uuid, p_date date, p_window text, p_window_starts_at timestamptz, p_capacity integer,
  p_now timestamptz, p_staff jsonb, p_emails jsonb, p_link_generation integer
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  v_action uuid;
  v_change bigint;
  v_shift interval;
begin
  select * into v from public.bookings1 where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v.outcome is not null then
    return jsonb_build_object('status', 'done');
  end if;
  if v.payment_status not in ('paid', 'scheduled') or v.arrival_window is null then
    return jsonb_build_object('status', 'not_paid');
  end if;
  if v.cancellation_requested_at is not null then
    return jsonb_build_object('status', 'cancellation_requested');
  end if;
  if v.manage_link_generation <> p_link_generation then
    return jsonb_build_object('status', 'changed');
  end if;
  if v.date = p_date and v.arrival_window = p_window then
    return jsonb_build_object('status', 'same');
  end if;
  perform pg_advisory_xact_lock(hashtextextended(
    'booking window ' || v.service_family || ' ' || to_char(p_date, 'YYYY-MM-DD') || ' ' || p_window, 0));
  if public.window_places_taken(v.service_family, p_date, p_window, p_now) >= p_capacity then
    return jsonb_build_object('status', 'full');
  end if;
  -- A plan visit's charge (and a declined one's deadline) keeps its distance to the window.
  v_shift := p_window_starts_at - v.window_starts_at;
  update public.bookings1
  set date = p_date, arrival_window = p_window, window_starts_at = p_window_starts_at, updated_at = p_now,
    manage_link_generation = manage_link_generation + 1,
    charge_due_at = charge_due_at + v_shift,
    card_deadline_at = card_deadline_at + v_shift
  where id = p_id;
  v_action := public.record_booking_action(p_id, p_staff, 'moved',
    jsonb_build_object('date', v.date::text, 'arrivalWindow', v.arrival_window),
    jsonb_build_object('date', p_date::text, 'arrivalWindow', p_window), p_now);
  insert into public.booking_changes (booking_id, kind, from_date, from_window, to_date, to_window, changed_at, staff_action_id)
  values (p_id, 'rescheduled', v.date, v.arrival_window, p_date, p_window, p_now, v_action)
  returning id into v_change;
  -- The booking's id first (as every booking e-mail's key), then the change: one message per move.
  perform public.enqueue_event_emails('booking_moved_by_office:' || p_id || ':' || v_change, p_emails);
  return jsonb_build_object('status', 'moved');
end;
$$;
