/** Types of stack.mjs for TypeScript callers (the browser suite). */
export interface StackOptions {
  databaseUrl?: string;
  redisPrefix?: string;
  quiet?: boolean;
  logDir?: string;
  ports?: Partial<Record<'gateway' | 'publicShell' | 'tenant' | 'leads' | 'templates' | 'ads', number>>;
  /**
   * METRICS_PORT per process (`gateway`, `tenant`, `tenant-worker`, …; 0 = none).
   * Default: `defaultMetricsPorts`, or none at all when `ports` is given.
   */
  metricsPorts?: Partial<Record<string, number>>;
  env?: Record<string, string | undefined>;
  log?: (message: string) => void;
}

export interface Stack {
  url: string;
  admin: { email: string; password: string | null };
  stop: () => Promise<void>;
}

export declare const defaultPorts: Record<'gateway' | 'publicShell' | 'tenant' | 'leads' | 'templates' | 'ads', number>;
export declare const defaultMetricsPorts: Record<string, number>;
/** Restart backoff of crashed processes once the stack is up. */
export declare const RESTART: { firstMs: number; maxMs: number; stableMs: number };
export declare function nextRestartDelay(previousMs: number, uptimeMs: number): number;
export declare function startStack(options?: StackOptions): Promise<Stack>;
export declare function runStack(): Promise<void>;
