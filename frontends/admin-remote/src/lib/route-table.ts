/** A chunk of its own: the whole route table, for lazy-routes.ts. */
export { routes } from '@hap/contracts';
