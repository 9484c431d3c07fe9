import type { ComponentType } from 'react';
import type { SlotPickerProps } from './SlotPicker';

/**
 * Where a page shows the booking picker without carrying its code: the picker
 * is its own chunk (docs/booking.md#pages), loaded by the pages that show it
 * before they hydrate (pages/client-pages.ts) or when the visitor asks for it
 * ('Change time'); the server's bundle provides it at once (pages/server-pages.ts).
 */
let Picker: ComponentType<SlotPickerProps> | null = null;

/** The server's bundle: the picker is there already. */
export function providePicker(component: ComponentType<SlotPickerProps>): void {
  Picker = component;
}

/** Loads the picker's chunk (once). */
export async function loadPicker(): Promise<void> {
  if (!Picker) Picker = (await import('./SlotPicker')).SlotPicker;
}

export const pickerLoaded = (): boolean => Picker !== null;

/** The picker, once loaded; nothing before. */
export function PickerSlot(props: SlotPickerProps) {
  return Picker ? <Picker {...props} /> : null;
}
