-- The local test checkout: the stand-in for Stripe on a machine without a Stripe key. It keeps
-- sessions, test cards, off-session charges (idempotent on the key, declining when the visitor chose
-- "this test card declines later charges"), card-update sessions (Stripe's setup mode) and refunds.
-- Nothing here charges a real card: the tables record what Stripe would have been asked.

-- The local test checkout's sessions (the stand-in for Stripe Checkout on a machine without a Stripe
-- key) live in the database beside the bookings they pay, instead of a JSON file the server rewrote
-- whole on every change: one row per session, written in the same durable way as a booking, so a
-- session survives what a booking survives (a killed server) and costs the same however many there
-- are. Row level security on, no policy, nothing for anon and authenticated; the server uses the
-- service role, through the three functions below.
create table public.test_checkout_sessions (
  id text primary key check (id ~ '^test_cs_[0-9a-f]{32}$'),
  booking_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null,
  description text not null,
  success_url text not null,
  cancel_url text not null,
  idempotency_key text not null unique,
  status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
  created_at timestamptz not null,
  completed_at timestamptz,
  check ((status = 'open') = (completed_at is null)),
  -- Made with `saveCard` (a plan's first visit): completing it keeps a test card.
  save_card boolean not null default false,
  -- The visitor's choice on the page: this test card declines the later charges.
  card_declines boolean not null default false,
  -- The card kept when the session was paid (save_card only).
  customer_id text,
  payment_method_id text,
  card_label text
);

alter table public.test_checkout_sessions enable row level security;

revoke all on table public.test_checkout_sessions from public, anon, authenticated;

grant select, insert, update on table public.test_checkout_sessions to service_role;

-- A session as the app reads it; null for none.
create function public.test_checkout_session_json(s public.test_checkout_sessions) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when s.id is null then null else jsonb_build_object(
    'id', s.id,
    'booking_id', s.booking_id,
    'amount_cents', s.amount_cents,
    'currency', s.currency,
    'description', s.description,
    'success_url', s.success_url,
    'cancel_url', s.cancel_url,
    'idempotency_key', s.idempotency_key,
    'status', s.status,
    'created_at', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completed_at', case when s.completed_at is null then null
      else to_char(s.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
    'save_card', s.save_card,
    'card_declines', s.card_declines,
    'customer_id', s.customer_id,
    'payment_method_id', s.payment_method_id,
    'card_label', s.card_label
  ) end
$$;

create function public.get_test_checkout_session(p_id text) returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.test_checkout_session_json(s) from public.test_checkout_sessions s where s.id = p_id
$$;

-- The local test checkout's refunds (no card was charged, so nothing is refunded: a record of what
-- Stripe would have been asked). Same idempotency rule as Stripe: the same key answers the same refund.
create table public.test_checkout_refunds (
  id text primary key check (id ~ '^test_re_[0-9a-f]{32}$'),
  session_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  idempotency_key text not null unique,
  created_at timestamptz not null
);

alter table public.test_checkout_refunds enable row level security;

-- The test cards, their charges and card-update sessions.

-- A test card: test_cus_… / test_pm_…, as Stripe's cus_… / pm_…. `declines`: every charge of it is declined.
create table public.test_checkout_cards (
  id text primary key check (id ~ '^test_pm_[0-9a-f]{32}$'),
  customer_id text not null check (customer_id ~ '^test_cus_[0-9a-f]{32}$'),
  declines boolean not null,
  label text not null,
  -- The checkout (first visit) or card update that saved it.
  session_id text not null,
  created_at timestamptz not null
);

create index test_checkout_cards_customer on public.test_checkout_cards (customer_id);

-- An off-session test charge (Stripe's PaymentIntent): one per idempotency key.
create table public.test_checkout_charges (
  id text primary key check (id ~ '^test_pi_[0-9a-f]{32}$'),
  customer_id text not null,
  payment_method_id text not null references public.test_checkout_cards (id),
  amount_cents integer not null check (amount_cents > 0),
  status text not null check (status in ('succeeded', 'declined')),
  description text not null,
  booking_id text,
  plan_id text not null,
  idempotency_key text not null unique,
  created_at timestamptz not null
);

-- A card-update checkout (Stripe Checkout in setup mode): saves a new test card for a plan's customer.
create table public.test_checkout_card_updates (
  id text primary key check (id ~ '^test_cs_[0-9a-f]{32}$'),
  plan_id text not null,
  customer_id text not null,
  success_url text not null,
  cancel_url text not null,
  idempotency_key text not null unique,
  status text not null default 'open' check (status in ('open', 'saved', 'cancelled')),
  card_declines boolean not null default false,
  payment_method_id text references public.test_checkout_cards (id),
  card_label text,
  created_at timestamptz not null,
  completed_at timestamptz,
  check ((status = 'open') = (completed_at is null)),
  check ((status = 'saved') = (payment_method_id is not null))
);

alter table public.test_checkout_cards enable row level security;

alter table public.test_checkout_charges enable row level security;

alter table public.test_checkout_card_updates enable row level security;

revoke all on table public.test_checkout_cards, public.test_checkout_charges, public.test_checkout_card_updates from public, anon, authenticated;

grant select, insert, update on table public.test_checkout_cards, public.test_checkout_charges, public.test_checkout_card_updates to service_role;

-- A new test id: the prefix and 32 hex characters.
create function public.new_test_checkout_id(p_prefix text) returns text
language sql
volatile
set search_path = ''
as $$
  select p_prefix || replace(gen_random_uuid()::text, '-', '')
$$;

-- A new test card for p_customer (a new customer when null): Stripe's test numbers, as people read them.
create function public.save_test_checkout_card(p_customer_id text, p_declines boolean, p_session_id text, p_now timestamptz)
returns public.test_checkout_cards
language plpgsql
set search_path = ''
as $$
declare
  v_card public.test_checkout_cards;
begin
  insert into public.test_checkout_cards (id, customer_id, declines, label, session_id, created_at)
  values (
    public.new_test_checkout_id('test_pm_'),
    coalesce(p_customer_id, public.new_test_checkout_id('test_cus_')),
    p_declines,
    -- 4242 4242 4242 4242 charges, 4000 0000 0000 0002 declines (Stripe's test cards).
    case when p_declines then 'Visa ending 0002' else 'Visa ending 4242' end,
    p_session_id,
    p_now
  )
  returning * into v_card;
  return v_card;
end;
$$;

-- The visitor's choice on an open session's page ("this test card declines later charges"), made
-- with Pay or Save: p_choice {"declines": true|false}. A finished session keeps its card as it was.
create function public.choose_test_checkout_card(p_id text, p_choice jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_declines boolean := coalesce((p_choice ->> 'declines')::boolean, false);
begin
  update public.test_checkout_sessions set card_declines = v_declines where id = p_id and status = 'open';
  if found then
    return jsonb_build_object('status', 'chosen', 'kind', 'payment');
  end if;
  update public.test_checkout_card_updates set card_declines = v_declines where id = p_id and status = 'open';
  if found then
    return jsonb_build_object('status', 'chosen', 'kind', 'card_update');
  end if;
  return jsonb_build_object('status', 'unchanged');
end;
$$;

-- Charges a test card off-session, once per key. Answers {"status": "charged", "charge": {…}} (the
-- charge made first with this key, succeeded or declined), "key_reused" (the key with another card
-- or amount, as Stripe refuses it) or "no_card" (no such card for this customer).
create function public.charge_test_checkout_card(p_charge jsonb, p_now timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_card public.test_checkout_cards;
  v_row public.test_checkout_charges;
begin
  select * into v_row from public.test_checkout_charges where idempotency_key = p_charge ->> 'idempotency_key';
  if v_row.id is null then
    select * into v_card from public.test_checkout_cards
    where id = p_charge ->> 'payment_method_id' and customer_id = p_charge ->> 'customer_id';
    if v_card.id is null then
      return jsonb_build_object('status', 'no_card');
    end if;
    insert into public.test_checkout_charges (
      id, customer_id, payment_method_id, amount_cents, status, description, booking_id, plan_id, idempotency_key, created_at
    ) values (
      public.new_test_checkout_id('test_pi_'), v_card.customer_id, v_card.id, (p_charge ->> 'amount_cents')::integer,
      case when v_card.declines then 'declined' else 'succeeded' end,
      p_charge ->> 'description', p_charge ->> 'booking_id', p_charge ->> 'plan_id', p_charge ->> 'idempotency_key', p_now
    )
    on conflict (idempotency_key) do nothing
    returning * into v_row;
    if v_row.id is null then
      -- Another process charged with this key meanwhile: its charge is the answer.
      select * into v_row from public.test_checkout_charges where idempotency_key = p_charge ->> 'idempotency_key';
    end if;
  end if;
  if v_row.payment_method_id <> p_charge ->> 'payment_method_id' or v_row.amount_cents <> (p_charge ->> 'amount_cents')::integer then
    return jsonb_build_object('status', 'key_reused');
  end if;
  return jsonb_build_object('status', 'charged', 'charge', to_jsonb(v_row));
end;
$$;

-- A card-update session as the app reads it; null for none.
create function public.test_checkout_card_update_json(u public.test_checkout_card_updates) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when u.id is null then null else jsonb_build_object(
    'id', u.id,
    'plan_id', u.plan_id,
    'customer_id', u.customer_id,
    'success_url', u.success_url,
    'cancel_url', u.cancel_url,
    'idempotency_key', u.idempotency_key,
    'status', u.status,
    'card_declines', u.card_declines,
    'payment_method_id', u.payment_method_id,
    'card_label', u.card_label,
    'created_at', to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completed_at', case when u.completed_at is null then null
      else to_char(u.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end
  ) end
$$;

-- Stores a new open card-update session, unless its key has one: then that one is answered.
create function public.save_test_checkout_card_update(p_session jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_card_updates;
begin
  insert into public.test_checkout_card_updates (id, plan_id, customer_id, success_url, cancel_url, idempotency_key, created_at)
  values (p_session ->> 'id', p_session ->> 'plan_id', p_session ->> 'customer_id', p_session ->> 'success_url',
    p_session ->> 'cancel_url', p_session ->> 'idempotency_key', (p_session ->> 'created_at')::timestamptz)
  on conflict (idempotency_key) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.test_checkout_card_updates where idempotency_key = p_session ->> 'idempotency_key';
  end if;
  return public.test_checkout_card_update_json(v_row);
end;
$$;

create function public.get_test_checkout_card_update(p_id text) returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.test_checkout_card_update_json(u) from public.test_checkout_card_updates u where u.id = p_id
$$;

-- Save (a new test card for the plan's customer, declining if so chosen) or Cancel; the first
-- outcome wins, a finished session is answered unchanged. Null for an unknown id.
create function public.complete_test_checkout_card_update(p_id text, p_outcome text, p_completed_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_card_updates;
  v_card public.test_checkout_cards;
begin
  select * into v_row from public.test_checkout_card_updates where id = p_id for update;
  if v_row.id is not null and v_row.status = 'open' then
    if p_outcome = 'saved' then
      v_card := public.save_test_checkout_card(v_row.customer_id, v_row.card_declines, v_row.id, p_completed_at);
      update public.test_checkout_card_updates
      set status = 'saved', completed_at = p_completed_at, payment_method_id = v_card.id, card_label = v_card.label
      where id = p_id
      returning * into v_row;
    else
      update public.test_checkout_card_updates set status = 'cancelled', completed_at = p_completed_at where id = p_id
      returning * into v_row;
    end if;
  end if;
  return public.test_checkout_card_update_json(v_row);
end;
$$;

-- The local test checkout's lookups by idempotency key (as Stripe's are by the key in metadata):
-- the off-session charge and the refund made under a key, or null.
create function public.find_test_checkout_charge(p_key text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(c) from public.test_checkout_charges c where c.idempotency_key = p_key;
$$;

create function public.find_test_checkout_refund(p_key text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(r) from public.test_checkout_refunds r where r.idempotency_key = p_key;
$$;

-- Stores a new session (the same idempotency key again answers the stored one), with `save_card`
-- from the session asked for.
create function public.save_test_checkout_session(p_session jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_sessions;
begin
  insert into public.test_checkout_sessions (
    id, booking_id, amount_cents, currency, description, success_url, cancel_url, idempotency_key, status, created_at, save_card
  )
  select r.id, r.booking_id, r.amount_cents, r.currency, r.description, r.success_url, r.cancel_url, r.idempotency_key,
    'open', r.created_at, coalesce((p_session ->> 'save_card')::boolean, false)
  from jsonb_populate_record(null::public.test_checkout_sessions, p_session) as r
  on conflict (idempotency_key) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.test_checkout_sessions where idempotency_key = p_session ->> 'idempotency_key';
  end if;
  return public.test_checkout_session_json(v_row);
end;
$$;

-- Completes an open session (the first outcome wins); a session paid with save_card keeps its test card.
create function public.complete_test_checkout_session(p_id text, p_outcome text, p_completed_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_sessions;
  v_card public.test_checkout_cards;
begin
  update public.test_checkout_sessions
  set status = p_outcome, completed_at = p_completed_at
  where id = p_id and status = 'open'
  returning * into v_row;
  if v_row.id is not null and v_row.status = 'paid' and v_row.save_card then
    v_card := public.save_test_checkout_card(null, v_row.card_declines, v_row.id, p_completed_at);
    update public.test_checkout_sessions
    set customer_id = v_card.customer_id, payment_method_id = v_card.id, card_label = v_card.label
    where id = p_id
    returning * into v_row;
  end if;
  if v_row.id is null then
    select * into v_row from public.test_checkout_sessions where id = p_id;
  end if;
  return public.test_checkout_session_json(v_row);
end;
$$;

-- Refunds a paid test session or a test off-session charge (test_pi_…), once per key.
create function public.create_test_checkout_refund(p_id text, p_session_id text, p_amount_cents integer, p_key text, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_paid integer;
  r public.test_checkout_refunds;
  v_refunded integer;
begin
  if p_session_id like 'test_pi\_%' then
    select amount_cents into v_paid from public.test_checkout_charges where id = p_session_id and status = 'succeeded' for update;
  else
    select amount_cents into v_paid from public.test_checkout_sessions where id = p_session_id and status = 'paid' for update;
  end if;
  select * into r from public.test_checkout_refunds where idempotency_key = p_key;
  if found then
    if r.session_id <> p_session_id or r.amount_cents <> p_amount_cents then
      return jsonb_build_object('status', 'key_reused');
    end if;
    return jsonb_build_object('status', 'refunded', 'refund', to_jsonb(r));
  end if;
  if v_paid is null then
    return jsonb_build_object('status', 'not_paid');
  end if;
  select coalesce(sum(amount_cents), 0) into v_refunded from public.test_checkout_refunds where session_id = p_session_id;
  if p_amount_cents > v_paid - v_refunded then
    return jsonb_build_object('status', 'too_much');
  end if;
  insert into public.test_checkout_refunds (id, session_id, amount_cents, idempotency_key, created_at)
  values (p_id, p_session_id, p_amount_cents, p_key, p_now)
  returning * into r;
  return jsonb_build_object('status', 'refunded', 'refund', to_jsonb(r));
end;
$$;


-- Functions of this baseline: only the app's server (the service role) calls them.
revoke all on function
  public.test_checkout_session_json(public.test_checkout_sessions),
  public.get_test_checkout_session(text),
  public.new_test_checkout_id(text),
  public.save_test_checkout_card(text,boolean,text,timestamptz),
  public.choose_test_checkout_card(text,jsonb),
  public.charge_test_checkout_card(jsonb,timestamptz),
  public.test_checkout_card_update_json(public.test_checkout_card_updates),
  public.save_test_checkout_card_update(jsonb),
  public.get_test_checkout_card_update(text),
  public.complete_test_checkout_card_update(text,text,timestamptz),
  public.find_test_checkout_charge(text),
  public.find_test_checkout_refund(text),
  public.save_test_checkout_session(jsonb),
  public.complete_test_checkout_session(text,text,timestamptz),
  public.create_test_checkout_refund(text,text,integer,text,timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.test_checkout_session_json(public.test_checkout_sessions),
  public.get_test_checkout_session(text),
  public.new_test_checkout_id(text),
  public.save_test_checkout_card(text,boolean,text,timestamptz),
  public.choose_test_checkout_card(text,jsonb),
  public.charge_test_checkout_card(jsonb,timestamptz),
  public.test_checkout_card_update_json(public.test_checkout_card_updates),
  public.save_test_checkout_card_update(jsonb),
  public.get_test_checkout_card_update(text),
  public.complete_test_checkout_card_update(text,text,timestamptz),
  public.find_test_checkout_charge(text),
  public.find_test_checkout_refund(text),
  public.save_test_checkout_session(jsonb),
  public.complete_test_checkout_session(text,text,timestamptz),
  public.create_test_checkout_refund(text,text,integer,text,timestamptz)
  to service_role;
