import type { ReactNode } from 'react';

/**
 * The header row of an admin table: `lead` (a cell of its own: the selection column, a sorted
 * column), then a column header per name (a `false` one is left out), then Actions when `actions`
 * gives that column's class.
 */
export function TableHead({ columns, lead, actions }: { columns: ReadonlyArray<string | false | undefined>; lead?: ReactNode; actions?: string }) {
  return (
    <thead>
      <tr>
        {lead}
        {columns.filter((c): c is string => Boolean(c)).map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        {actions && (
          <th scope="col" className={actions}>
            Actions
          </th>
        )}
      </tr>
    </thead>
  );
}
