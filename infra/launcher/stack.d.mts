/** Types of stack.mjs for TypeScript callers (the browser suite). */
export interface StackOptions {
  databaseUrl?: string;
  redisPrefix?: string;
  quiet?: boolean;
  logDir?: string;
  ports?: Partial<Record<'gateway' | 'publicShell' | 'tenant' | 'leads' | 'templates' | 'ads', number>>;
  env?: Record<string, string | undefined>;
  log?: (message: string) => void;
}

export interface Stack {
  url: string;
  admin: { email: string; password: string | null };
  stop: () => Promise<void>;
}

export declare const defaultPorts: Record<'gateway' | 'publicShell' | 'tenant' | 'leads' | 'templates' | 'ads', number>;
export declare function startStack(options?: StackOptions): Promise<Stack>;
export declare function runStack(): Promise<void>;
