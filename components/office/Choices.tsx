/**
 * The <option>s of an office select, one a value in the order given, each with its words: the
 * lists the office filters and forms offer (statuses, kinds, crews, roles, staff).
 */
export function Choices<T extends string>({
  values,
  label,
  value = (choice) => choice,
}: {
  values: readonly T[]
  /** What the option says. */
  label: (choice: T) => string
  /** What the form sends, when it is not the value itself. */
  value?: (choice: T) => string
}) {
  return values.map((choice) => (
    <option key={choice} value={value(choice)}>
      {label(choice)}
    </option>
  ))
}

/** The <option>s of staff members: each one's id, with their name. */
export function StaffChoices({members}: {members: readonly {id: string; name: string}[]}) {
  return members.map((member) => (
    <option key={member.id} value={member.id}>
      {member.name}
    </option>
  ))
}
