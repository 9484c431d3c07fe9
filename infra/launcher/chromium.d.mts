/** Types of chromium.mjs for TypeScript callers (the browser suite). */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: readonly string[];
