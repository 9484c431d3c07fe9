#!/usr/bin/env node
// `npm start`: installs and builds what is missing, then runs the whole stack.
import { ensureBuilt, ensureInstalled } from './prepare.mjs';

ensureInstalled();
await ensureBuilt();
const { runStack } = await import('./stack.mjs');
await runStack();
