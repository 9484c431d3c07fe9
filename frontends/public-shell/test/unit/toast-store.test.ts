import { createToastStore, TOAST_DURATION_MS, type Toast } from '../../src/landing/toast-store';

describe('toast store (docs/public-site.md: one visible at a time, shown 5000 ms)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const failed = { title: 'Submission Failed', description: 'Please try again or call us directly.', variant: 'destructive' as const };
  const sent = { title: 'Form Submitted', description: 'Thank you! We will contact you shortly.', variant: 'default' as const };

  it('shows a toast for 5000 ms', () => {
    const store = createToastStore();
    const seen: (Toast | null)[] = [];
    store.subscribe((t) => seen.push(t));
    store.show(failed);
    expect(store.current()).toMatchObject(failed);
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.current()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(store.current()).toBeNull();
    expect(seen.map((t) => t?.title ?? null)).toEqual(['Submission Failed', null]);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('replaces the visible toast with a new one, which gets its own 5000 ms', () => {
    const store = createToastStore();
    const first = store.show(failed);
    jest.advanceTimersByTime(4000);
    const second = store.show(sent);
    expect(second.id).not.toBe(first.id);
    expect(store.current()).toMatchObject(sent);
    jest.advanceTimersByTime(4000);
    expect(store.current()).toMatchObject(sent);
    jest.advanceTimersByTime(1000);
    expect(store.current()).toBeNull();
  });

  it('closes on request, and a stale close does not close a newer toast', () => {
    const store = createToastStore();
    const first = store.show(failed);
    store.show(sent);
    store.close(first.id);
    expect(store.current()).toMatchObject(sent);
    store.close();
    expect(store.current()).toBeNull();
  });
});
