-- What staff do to one booking in the office (/office/bookings/[id], issue 22): move it to any
-- window with room (no 24-hour notice: the office arranges late changes by phone), mark it done or a
-- no-show, send its confirmation again, keep internal notes. Each is one function, one transaction:
-- the change, its audit row in staff_actions (naming the member, p_staff = {"id", "name"}) and its
-- e-mails. Like every table here: RLS on, nothing for anon and authenticated, service role only.

-- Internal notes on a booking: for staff only, never shown to or sent to the customer.
create table public.booking_notes (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings1 (id) on delete cascade,
  staff_id uuid references public.staff (id),
  staff_name text not null,
  body text not null check (length(btrim(body)) between 1 and 2000),
  created_at timestamptz not null
);
create index booking_notes_booking on public.booking_notes (booking_id, created_at);
alter table public.booking_notes enable row level security;
revoke all on table public.booking_notes from public, anon, authenticated;
grant select, insert on table public.booking_notes to service_role;

-- A move the office made is one of the booking's changes too (the customer's page lists it, and the
-- calendar file's SEQUENCE counts it); this names the staff action it came from (null: the customer's).
alter table public.booking_changes add column staff_action_id uuid references public.staff_actions (id);

-- The audit row of a staff action on a booking; answers its id.
create function public.record_booking_action(p_id uuid, p_staff jsonb, p_action text, p_before jsonb, p_after jsonb, p_now timestamptz)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_action uuid;
begin
  if p_staff ->> 'id' is null or coalesce(btrim(p_staff ->> 'name'), '') = '' then
    raise exception 'A staff action needs the member who did it' using errcode = '22023';
  end if;
  insert into public.staff_actions (staff_id, staff_name, at, subject_kind, subject_id, action, before, after)
  values ((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'booking', p_id::text, p_action, p_before, p_after)
  returning id into v_action;
  return v_action;
end;
$$;

-- Moves a paid booking to another window of its crew if that window has a place left (the same
-- lock and count as create_pending_booking and reschedule_booking), whenever its own window is:
-- staff are not held to the customers' 24-hour notice. p_link_generation is the manage link
-- generation the caller read (its e-mail carries the next one): a booking changed since is answered
-- 'changed' and nothing happens. Answers {"status": "moved" | "full" | "same" | "changed" |
-- "not_paid" | "cancelled" | "done" | "cancellation_requested" | "not_found"}.
create function public.office_move_booking(
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
  if v.payment_status <> 'paid' or v.arrival_window is null then
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
  update public.bookings1
  set date = p_date, arrival_window = p_window, window_starts_at = p_window_starts_at, updated_at = p_now,
    manage_link_generation = manage_link_generation + 1
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

-- Marks how a paid, not cancelled booking's visit went ('done' or 'no_show') once its window has
-- started (a booking from before windows: once its day has come, in Renton). Marking it the other
-- way corrects a mistake (audited like the first). Answers {"status": "marked" | "same" |
-- "not_started" | "not_paid" | "cancelled" | "not_found"}.
create function public.office_mark_booking_outcome(p_id uuid, p_outcome text, p_now timestamptz, p_staff jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
begin
  if p_outcome not in ('done', 'no_show') then
    raise exception 'Not an outcome: %', p_outcome using errcode = '22023';
  end if;
  select * into v from public.bookings1 where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  if v.outcome = p_outcome then
    return jsonb_build_object('status', 'same');
  end if;
  if not coalesce(v.window_starts_at <= p_now, v.date <= (p_now at time zone 'America/Los_Angeles')::date, false) then
    return jsonb_build_object('status', 'not_started');
  end if;
  update public.bookings1 set outcome = p_outcome, outcome_at = p_now, updated_at = p_now where id = p_id;
  perform public.record_booking_action(p_id, p_staff, 'marked_' || p_outcome,
    jsonb_build_object('outcome', v.outcome), jsonb_build_object('outcome', p_outcome), p_now);
  return jsonb_build_object('status', 'marked');
end;
$$;

-- Queues the booking's confirmation (p_emails: the customer's e-mail of its payment, carrying the
-- manage link of generation p_link_generation) again, for a paid, not cancelled booking. A booking
-- changed since the caller read it (another generation) is answered 'changed' and nothing is sent.
-- Answers {"status": "queued" | "changed" | "not_paid" | "cancelled" | "not_found"}.
create function public.office_resend_confirmation(p_id uuid, p_now timestamptz, p_staff jsonb, p_emails jsonb, p_link_generation integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.bookings1;
  v_action uuid;
begin
  select * into v from public.bookings1 where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v.cancelled_at is not null then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v.payment_status <> 'paid' then
    return jsonb_build_object('status', 'not_paid');
  end if;
  if v.manage_link_generation <> p_link_generation then
    return jsonb_build_object('status', 'changed');
  end if;
  v_action := public.record_booking_action(p_id, p_staff, 'confirmation_resent', null, jsonb_build_object('to', v.email), p_now);
  -- One message per resend: the booking's id first (as every booking e-mail's key), then the action.
  perform public.enqueue_event_emails('booking_confirmation_resent:' || p_id || ':' || v_action, p_emails);
  return jsonb_build_object('status', 'queued');
end;
$$;

-- Adds an internal note to a booking. Answers {"status": "added" | "not_found"}.
create function public.office_add_booking_note(p_id uuid, p_body text, p_now timestamptz, p_staff jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_note uuid;
begin
  perform 1 from public.bookings1 where id = p_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  insert into public.booking_notes (booking_id, staff_id, staff_name, body, created_at)
  values (p_id, (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_body, p_now)
  returning id into v_note;
  perform public.record_booking_action(p_id, p_staff, 'note_added', null, jsonb_build_object('noteId', v_note, 'note', p_body), p_now);
  return jsonb_build_object('status', 'added');
end;
$$;

-- A booking's internal notes, oldest first.
create function public.booking_notes_of(p_id uuid)
returns table (id uuid, staff_name text, body text, created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select n.id, n.staff_name, n.body, n.created_at from public.booking_notes n where n.booking_id = p_id order by n.created_at, n.id;
$$;

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

revoke all on function
  public.record_booking_action(uuid, jsonb, text, jsonb, jsonb, timestamptz),
  public.office_move_booking(uuid, date, text, timestamptz, integer, timestamptz, jsonb, jsonb, integer),
  public.office_mark_booking_outcome(uuid, text, timestamptz, jsonb),
  public.office_resend_confirmation(uuid, timestamptz, jsonb, jsonb, integer),
  public.office_add_booking_note(uuid, text, timestamptz, jsonb),
  public.booking_notes_of(uuid),
  public.customer_booking_changes_of(uuid)
from public, anon, authenticated;
grant execute on function
  public.record_booking_action(uuid, jsonb, text, jsonb, jsonb, timestamptz),
  public.office_move_booking(uuid, date, text, timestamptz, integer, timestamptz, jsonb, jsonb, integer),
  public.office_mark_booking_outcome(uuid, text, timestamptz, jsonb),
  public.office_resend_confirmation(uuid, timestamptz, jsonb, jsonb, integer),
  public.office_add_booking_note(uuid, text, timestamptz, jsonb),
  public.booking_notes_of(uuid),
  public.customer_booking_changes_of(uuid)
to service_role;
