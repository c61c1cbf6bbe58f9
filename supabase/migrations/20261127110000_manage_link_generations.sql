-- A booking's manage link is replaced each time the customer moves the booking or asks to cancel
-- it (issue 21, item 8): the e-mail sent for that change carries a new link, and the one before it
-- stops working at once. Each link names the generation it was issued for; the booking keeps the
-- current one, bumped in the same transaction as the change, under the booking's row lock, so a
-- link that lost a race changes nothing. Existing bookings (and the links already sent for them)
-- are generation 0.

alter table public.bookings1
  add column manage_link_generation integer not null default 0 check (manage_link_generation >= 0);

-- The functions take the generation of the link the change was made with.
drop function public.reschedule_booking(uuid, date, text, timestamptz, integer, integer, timestamptz, jsonb);
drop function public.request_booking_cancellation(uuid, integer, timestamptz, jsonb);

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
  select manage_link_generation into v_generation from public.bookings1 where id = p_id;
  if v_generation <> p_link_generation then
    return 'link_replaced';
  end if;
  return v_refusal;
end;
$$;

-- Moves a paid booking to another arrival window of its crew (as before: a place left, counted
-- under the window's lock; its own window at least p_notice_hours away) and issues the next manage
-- link generation. Answers {"status": "moved" | "full" | "same" | "too_late" | "not_paid" |
-- "cancellation_requested" | "link_replaced" | "not_found"}; only "moved" changes anything.
create function public.reschedule_booking(
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
  update public.bookings1
  set date = p_date, arrival_window = p_window, window_starts_at = p_window_starts_at, updated_at = p_now,
    manage_link_generation = manage_link_generation + 1
  where id = p_id;
  insert into public.booking_changes (booking_id, kind, from_date, from_window, to_date, to_window, changed_at)
  values (p_id, 'rescheduled', v.date, v.arrival_window, p_date, p_window, p_now)
  returning id into v_change;
  perform public.enqueue_event_emails('booking_rescheduled:' || v_change, p_emails);
  return jsonb_build_object('status', 'moved');
end;
$$;

-- Records the customer's request to cancel a paid booking (the business cancels and refunds it) and
-- issues the next manage link generation. Answers {"status": "requested" | "too_late" | "not_paid" |
-- "cancellation_requested" | "link_replaced" | "not_found"}; a second request changes nothing.
create function public.request_booking_cancellation(p_id uuid, p_notice_hours integer, p_now timestamptz, p_emails jsonb, p_link_generation integer)
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
  update public.bookings1
  set cancellation_requested_at = p_now, updated_at = p_now, manage_link_generation = manage_link_generation + 1
  where id = p_id;
  insert into public.booking_changes (booking_id, kind, from_date, from_window, changed_at)
  values (p_id, 'cancellation_requested', v.date, v.arrival_window, p_now);
  perform public.enqueue_event_emails('booking_cancellation_requested:' || p_id, p_emails);
  return jsonb_build_object('status', 'requested');
end;
$$;

revoke all on function
  public.booking_link_change_refusal(uuid, integer, integer, timestamptz),
  public.reschedule_booking(uuid, date, text, timestamptz, integer, integer, timestamptz, jsonb, integer),
  public.request_booking_cancellation(uuid, integer, timestamptz, jsonb, integer)
from public, anon, authenticated;
grant execute on function
  public.booking_link_change_refusal(uuid, integer, integer, timestamptz),
  public.reschedule_booking(uuid, date, text, timestamptz, integer, integer, timestamptz, jsonb, integer),
  public.request_booking_cancellation(uuid, integer, timestamptz, jsonb, integer)
to service_role;
