import type { SsrModule } from '../../server/ssr-module';
import * as entry from '../entry-server';

/** Fails the typecheck when the SSR entry stops matching what the server calls (server/ssr-module.ts). */
export const ssrEntryMatchesServer = entry satisfies SsrModule;
