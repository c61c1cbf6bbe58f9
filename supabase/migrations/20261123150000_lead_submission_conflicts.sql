-- The same submission key with other details is a conflict, not a repeat. Until now the submit
-- functions answered the first submission's id for any second call with its key, so a changed form
-- sent with an old key was told "sent" while its new details were dropped silently. Each function
-- now also answers "conflict": true when the key was stored with other details (every field the
-- visitor sent, not the server's own id and time), and still stores nothing. The app validates and
-- normalises (Unicode NFC, trimmed) every field before the call, so equal details compare equal.

create or replace function public.submit_quote_request(p_request jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_same boolean;
begin
  insert into public.quote_requests (
    id, submission_key, first_name, last_name, phone, email, zip_code, square_footage,
    desired_services, heard_about_us, terms_accepted_at, page_path, page_title
  )
  select r.id, r.submission_key, r.first_name, r.last_name, r.phone, r.email, r.zip_code, r.square_footage,
    r.desired_services, r.heard_about_us, r.terms_accepted_at, r.page_path, r.page_title
  from jsonb_populate_record(null::public.quote_requests, p_request) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select q.id,
      (q.first_name, q.last_name, q.phone, q.email, q.zip_code, q.square_footage, q.desired_services, q.heard_about_us,
        q.page_path, q.page_title)
      is not distinct from
      (r.first_name, r.last_name, r.phone, r.email, r.zip_code, r.square_footage, r.desired_services, r.heard_about_us,
        r.page_path, r.page_title)
    into v_id, v_same
    from public.quote_requests q, jsonb_populate_record(null::public.quote_requests, p_request) as r
    where q.submission_key = r.submission_key;
    return jsonb_build_object('id', v_id, 'created', false, 'conflict', not coalesce(v_same, false));
  end if;
  perform public.enqueue_event_emails('quote_request:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true, 'conflict', false);
end;
$$;

create or replace function public.submit_contact_message(p_message jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_same boolean;
begin
  insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path)
  select r.id, r.submission_key, r.name, r.email, r.phone, r.message, r.page_path
  from jsonb_populate_record(null::public.contact_messages, p_message) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select c.id, (c.name, c.email, c.phone, c.message, c.page_path) is not distinct from (r.name, r.email, r.phone, r.message, r.page_path)
    into v_id, v_same
    from public.contact_messages c, jsonb_populate_record(null::public.contact_messages, p_message) as r
    where c.submission_key = r.submission_key;
    return jsonb_build_object('id', v_id, 'created', false, 'conflict', not coalesce(v_same, false));
  end if;
  perform public.enqueue_event_emails('contact_message:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true, 'conflict', false);
end;
$$;

create or replace function public.submit_appointment(p_appointment jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_same boolean;
begin
  insert into public.appointments (
    id, submission_key, patient_name, patient_phone, patient_gender, appointment_time, appointment_local,
    preferred_mode, page_path
  )
  select r.id, r.submission_key, r.patient_name, r.patient_phone, r.patient_gender, r.appointment_time,
    r.appointment_local, r.preferred_mode, r.page_path
  from jsonb_populate_record(null::public.appointments, p_appointment) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select a.id,
      (a.patient_name, a.patient_phone, a.patient_gender, a.appointment_time, a.appointment_local, a.preferred_mode, a.page_path)
      is not distinct from
      (r.patient_name, r.patient_phone, r.patient_gender, r.appointment_time, r.appointment_local, r.preferred_mode, r.page_path)
    into v_id, v_same
    from public.appointments a, jsonb_populate_record(null::public.appointments, p_appointment) as r
    where a.submission_key = r.submission_key;
    return jsonb_build_object('id', v_id, 'created', false, 'conflict', not coalesce(v_same, false));
  end if;
  perform public.enqueue_event_emails('appointment:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true, 'conflict', false);
end;
$$;
