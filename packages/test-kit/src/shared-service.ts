/**
 * The service a test file (or one `describe`) shares: started by `start` before its tests,
 * within `timeoutMs` (a boot that starts siblings takes longer than jest's 5 s), and closed after
 * them. The answer stands for the started service, so its fields are read in tests and hooks,
 * never at a file's top level (before `beforeAll` ran, a read throws saying so).
 */
export function sharedService<T extends { close(): Promise<unknown> }>(start: () => Promise<T>, timeoutMs?: number): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(() => started?.close());
  const current = (): T => {
    if (!started) throw new Error('The shared service was read before its beforeAll started it.');
    return started;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(current(), key);
      return found && { ...found, configurable: true };
    },
  });
}

/** A data source (or anything opened and closed alike) opened before the file's tests and closed after them. */
export function openedForSuite<D extends { initialize(): Promise<unknown>; destroy(): Promise<unknown> }>(dataSource: D): D {
  beforeAll(() => dataSource.initialize());
  afterAll(() => dataSource.destroy());
  return dataSource;
}
