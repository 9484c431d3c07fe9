/**
 * The fields of `values` the admin changed (react-hook-form's dirtyFields),
 * for an edit that sends only those: the audit log then says exactly what
 * changed. The caller must read `formState.dirtyFields` while rendering, or
 * react-hook-form does not track it.
 */
export function changedFields<T extends object>(values: T, dirtyFields: object): Partial<T> {
  return Object.fromEntries(Object.keys(dirtyFields).map((key) => [key, values[key as keyof T]])) as Partial<T>;
}
