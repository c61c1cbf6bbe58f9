-- /appointment becomes a request for a free in-home estimate (decisions.md, "Forms other than
-- bookings"): name, phone, e-mail, service address with ZIP, the service, a preferred day and
-- arrival window of the estimate crew, in person or video walk-through, notes. No gender.
--
-- The requests stay in public.appointments so that the rows stored before keep their patient fields
-- and stay readable beside the new ones: the new columns are nullable, the old ones lose their NOT
-- NULL, and one check keeps every row whole in one shape or the other. submit_appointment (the old
-- shape) stays for a server still running the previous version during a deploy.

alter table public.appointments
  add column full_name text,
  add column phone text check (phone ~ '^[0-9]{10}$'),
  add column email text,
  add column address text,
  add column zip_code text check (zip_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
  add column service text,
  -- The day and arrival window asked for ('09:00-11:00', Renton time) and when that window starts.
  add column visit_date date,
  add column visit_window text check (visit_window ~ '^[0-9]{2}:[0-9]{2}-[0-9]{2}:[0-9]{2}$'),
  add column visit_starts_at timestamptz,
  add column walkthrough text check (walkthrough in ('in_person', 'video')),
  add column notes text;

alter table public.appointments
  alter column patient_name drop not null,
  alter column patient_phone drop not null,
  alter column patient_gender drop not null,
  alter column appointment_time drop not null,
  alter column appointment_local drop not null,
  alter column preferred_mode drop not null;

alter table public.appointments add constraint appointments_one_whole_shape check (
  (patient_name is not null and patient_phone is not null and patient_gender is not null
    and appointment_time is not null and appointment_local is not null and preferred_mode is not null)
  or
  (full_name is not null and phone is not null and email is not null and address is not null and zip_code is not null
    and service is not null and visit_date is not null and visit_window is not null and walkthrough is not null)
);

-- Stores one estimate request with its e-mails, as the other submit functions: the same submission
-- key again stores nothing, and answers "conflict" when the details differ.
create function public.submit_estimate_request(p_request jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_same boolean;
begin
  insert into public.appointments (
    id, submission_key, full_name, phone, email, address, zip_code, service, visit_date, visit_window,
    visit_starts_at, walkthrough, notes, page_path
  )
  select r.id, r.submission_key, r.full_name, r.phone, r.email, r.address, r.zip_code, r.service, r.visit_date,
    r.visit_window, r.visit_starts_at, r.walkthrough, r.notes, r.page_path
  from jsonb_populate_record(null::public.appointments, p_request) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select a.id,
      (a.full_name, a.phone, a.email, a.address, a.zip_code, a.service, a.visit_date, a.visit_window, a.walkthrough,
        a.notes, a.page_path)
      is not distinct from
      (r.full_name, r.phone, r.email, r.address, r.zip_code, r.service, r.visit_date, r.visit_window, r.walkthrough,
        r.notes, r.page_path)
    into v_id, v_same
    from public.appointments a, jsonb_populate_record(null::public.appointments, p_request) as r
    where a.submission_key = r.submission_key;
    return jsonb_build_object('id', v_id, 'created', false, 'conflict', not coalesce(v_same, false));
  end if;
  perform public.enqueue_event_emails('estimate_request:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true, 'conflict', false);
end;
$$;

revoke all on function public.submit_estimate_request(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.submit_estimate_request(jsonb, jsonb) to service_role;
