import type {ReactNode} from 'react'

/** The header row of an office table: one column header a column, in order. */
export function ColumnHeads({columns}: {columns: readonly ReactNode[]}) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  )
}
