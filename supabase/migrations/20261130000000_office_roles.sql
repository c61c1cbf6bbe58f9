-- Three roles instead of two: the owner, the office (the former "staff", who keep everything they
-- did except money and lasting access) and crew members, who see their crew's day.
alter table public.staff drop constraint staff_role_check;
update public.staff set role = 'office' where role = 'staff';
alter table public.staff add constraint staff_role_check check (role in ('owner', 'office', 'crew'));
