/** Types of stack.mjs for TypeScript callers (the browser suite). */
import type { ChildProcess } from 'node:child_process';

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
  /** Where generated secrets are kept (secrets.json); default the repository's .data. */
  dataDir?: string;
}

export interface Stack {
  url: string;
  admin: { email: string; password: string | null };
  /** The file of generated secrets and the names it supplied. */
  secrets: { file: string; generated: string[] };
  stop: () => Promise<void>;
}

export declare const defaultPorts: Record<'gateway' | 'publicShell' | 'tenant' | 'leads' | 'templates' | 'ads', number>;
export declare const defaultMetricsPorts: Record<string, number>;
/** Restart backoff of crashed processes once the stack is up. */
export declare const RESTART: { firstMs: number; maxMs: number; stableMs: number };
export declare function nextRestartDelay(previousMs: number, uptimeMs: number): number;
export declare function startStack(options?: StackOptions): Promise<Stack>;
export declare function runStack(): Promise<void>;

/** One process of the stack, as the launcher starts it. */
export interface StackProcess {
  name: string;
  script: string;
  nodeArgs?: string[];
  env: Record<string, string | number>;
  /** Variables the stack's environment may set instead. */
  defaults?: Record<string, string | number>;
  health?: string;
}
export declare function stackAddresses(
  ports: Record<'gateway' | 'publicShell' | 'tenant' | 'leads' | 'templates' | 'ads', number>,
): Record<string, string>;
export declare function processEnv(proc: StackProcess, env: Record<string, string | undefined>): Record<string, string>;
export declare function stackEnv(
  base: Record<string, string | undefined>,
  options: { databaseUrl: string; redisUrl: string; redisPrefix?: string; secrets?: Record<string, string>; env?: Record<string, string | undefined> },
): Record<string, string | undefined>;
export declare function processTable(
  ports: Record<'gateway' | 'publicShell' | 'tenant' | 'leads' | 'templates' | 'ads', number>,
  metricsPorts: Partial<Record<string, number>>,
): StackProcess[];
export declare function spawnProcess(
  proc: StackProcess,
  env: Record<string, string | undefined>,
  handlers?: { onOutput?: (chunk: Buffer) => void; onLine?: (line: string) => void },
): ChildProcess;
