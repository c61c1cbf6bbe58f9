import {flexRender, type Cell, type Row} from '@tanstack/react-table'

/** A table row's cells, each carrying its column's header (data-label) for the stacked phone layout. */
export function LabelledCells<R>({row, classNameOf}: {row: Row<R>; classNameOf: (cell: Cell<R, unknown>) => string | undefined}) {
  return row.getVisibleCells().map((cell) => (
    <td key={cell.id} className={classNameOf(cell)} data-label={String(cell.column.columnDef.header)}>
      {flexRender(cell.column.columnDef.cell, cell.getContext())}
    </td>
  ))
}
