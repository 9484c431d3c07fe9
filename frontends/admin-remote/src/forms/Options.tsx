/** A select's options from a list of values and their labels (lead statuses, audit services, goals). */
export function LabelledOptions<V extends string>({ values, labels }: { values: readonly V[]; labels: Readonly<Record<V, string>> }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}

/** A select's options from records with an id and a name (services, templates, categories); `markInactive` names the inactive ones so. */
export function NamedOptions({ items, markInactive = false }: { items: readonly { id: number; name: string; isActive?: boolean }[] | undefined; markInactive?: boolean }) {
  return (
    <>
      {items?.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
          {markInactive && !item.isActive ? ' (inactive)' : ''}
        </option>
      ))}
    </>
  );
}
