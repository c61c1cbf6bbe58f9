-- When the server last asked the payment provider about a pending booking's checkout (issue 21):
-- reloading /success or /cancel must not call Stripe's API each time, whichever server process
-- answers, so the database remembers the last time and hands the right to ask to one caller.
alter table public.bookings1 add column payment_checked_at timestamptz;

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
  update public.bookings1
  set payment_checked_at = v_now
  where id = p_id
    and payment_status = 'pending'
    and payment_session_id is not null
    and (payment_checked_at is null or payment_checked_at <= v_now - make_interval(secs => greatest(p_interval_seconds, 0)));
  return found;
end;
$$;

revoke all on function public.claim_booking_payment_check(uuid, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.claim_booking_payment_check(uuid, integer, timestamptz) to service_role;
