import { join } from 'node:path';
import type { z } from 'zod';
import { DEFAULT_PORTS } from '@hap/contracts';
import { configShape as tenantShape } from '../../services/tenant/src/config';
import { configShape as leadsShape } from '../../services/leads/src/config';
import { configShape as templatesShape } from '../../services/templates/src/config';
import { configShape as adsShape } from '../../services/ads/src/config';
import { cycleText, cyclesOf, internalClientCalls, loopbackDefaults, readServiceGraph } from './service-graph';

/**
 * No circles between services (docs/service-graph.md): the services call
 * each other only through their typed clients (`services/<name>/src/clients/`),
 * and the graph those clients make has no cycle, so each fact has one owner
 * and a change is told onward by an event (a typed queue of
 * packages/contracts/src/queues.ts), never by a call back. The graph is read
 * from the code twice: each client file's `createSiblingClient(caller, target)` (or `createInternalClient({ target })`),
 * and each service's config schema's sibling addresses (TEMPLATES_URL, …);
 * the two must agree, so a call made some other way still shows.
 */
const root = join(__dirname, '..', '..');
const graph = readServiceGraph(join(root, 'services'));

/**
 * The cycles still to remove (docs/service-graph.md, *How each is to go*),
 * each as `cyclesOf` names it. A cycle not listed here fails the check; a
 * listed one that is gone fails it too, so the list only shrinks.
 */
const STILL_TO_REMOVE: string[][] = [
  ['ads', 'templates'],
];

/** The sibling services a config schema has an address of: a variable whose default is a service's default port on loopback. */
function siblingsInConfig(shape: Record<string, z.ZodType>): string[] {
  const serviceOfPort = new Map<number, string>(Object.entries(DEFAULT_PORTS).map(([name, port]) => [port, name]));
  const found = new Set<string>();
  for (const { url } of loopbackDefaults(shape)) {
    const service = serviceOfPort.get(Number(url.port));
    if (service && graph.services.includes(service)) found.add(service);
  }
  return [...found].sort();
}

const SHAPES: Record<string, Record<string, z.ZodType>> = { tenant: tenantShape, leads: leadsShape, templates: templatesShape, ads: adsShape };

describe('no circles between services', () => {
  it('reads every client of every service (not vacuous)', () => {
    expect(graph.problems).toEqual([]);
    expect(graph.services).toEqual(['ads', 'leads', 'templates', 'tenant']);
    expect(graph.edges.length).toBeGreaterThan(0);
    expect(Object.keys(SHAPES).sort()).toEqual(graph.services);
  });

  it('each service has the address of exactly the siblings its clients call', () => {
    const problems = graph.services.flatMap((service) => {
      const called = graph.edges.filter((e) => e.from === service);
      const addressed = siblingsInConfig(SHAPES[service]!);
      return [
        ...called.filter((e) => !addressed.includes(e.to)).map((e) => `${service} calls ${e.to} (${e.files.join(', ')}) without its address in services/${service}/src/config.ts`),
        ...addressed.filter((to) => !called.some((e) => e.to === to)).map((to) => `services/${service}/src/config.ts reads ${to}'s address, but no client of ${service} calls ${to}`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('has no cycle but those still to remove, and each of those is still there', () => {
    const found = cyclesOf(graph.edges).map(cycleText);
    const known = STILL_TO_REMOVE.map(cycleText);
    const edges = graph.edges.map((e) => `${e.from} → ${e.to} (${e.files.join(', ')})`);
    expect({ newCycles: found.filter((c) => !known.includes(c)), edges }).toEqual({ newCycles: [], edges });
    expect({ removed: known.filter((c) => !found.includes(c)) }).toEqual({ removed: [] });
  });
});

describe('the graph reader', () => {
  it('finds each elementary cycle once, from its smallest service', () => {
    const edge = (from: string, to: string) => ({ from, to });
    expect(cyclesOf([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
    expect(cyclesOf([edge('b', 'a'), edge('a', 'b')])).toEqual([['a', 'b']]);
    expect(cyclesOf([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'b')])).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c'],
    ]);
    expect(cycleText(['a', 'b', 'c'])).toBe('a → b → c → a');
  });

  it('reads a client’s target and identity from createInternalClient, and says when it cannot', () => {
    const client = (target: string) => `export const make = (o: { baseUrl: string }) =>
      createInternalClient({ baseUrl: o.baseUrl, target: ${target}, internalSecret: 's', identity: { kind: 'service', service: 'ads' }, timeoutMs: 1 });`;
    expect(internalClientCalls('a.ts', client(`'templates'`))).toEqual([{ target: 'templates', identity: 'ads' }]);
    expect(internalClientCalls('a.ts', client('someName'))).toEqual([{ target: null, identity: 'ads' }]);
    expect(internalClientCalls('a.ts', 'export const x = 1;')).toEqual([]);
  });

  it('reads the kit’s createSiblingClient(caller, target, options) the same way', () => {
    expect(internalClientCalls('a.ts', `const c = createSiblingClient('leads', 'ads', options);`)).toEqual([{ target: 'ads', identity: 'leads' }]);
    expect(internalClientCalls('a.ts', `const c = createSiblingClient('leads', target, options);`)).toEqual([{ target: null, identity: 'leads' }]);
  });
});
