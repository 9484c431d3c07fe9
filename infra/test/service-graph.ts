import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { z } from 'zod';

/**
 * Which service calls which, read from the code (docs/service-graph.md: a
 * sibling is called only through its typed client in `src/clients/`): each
 * client file's `createInternalClient({ target, identity })`.
 */

/** A service's calls to another, with the files that make them. */
export interface Edge {
  from: string;
  to: string;
  files: string[];
}

/** One `createInternalClient({...})` call of a client file: the sibling it targets and who it says it is. */
interface InternalClientCall {
  target: string | null;
  identity: string | null;
}

const stringProperty = (object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined =>
  object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name)?.initializer;

const literal = (node: ts.Expression | undefined): string | null => (node && ts.isStringLiteralLike(node) ? node.text : null);

/**
 * Every client of a sibling built in a source text: the kit's `createSiblingClient(caller, target, …)`
 * and its underlying `createInternalClient({ target, identity })`.
 */
export function internalClientCalls(fileName: string, text: string): InternalClientCall[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const calls: InternalClientCall[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'createSiblingClient') {
      const [caller, target] = node.arguments;
      calls.push({ target: literal(target), identity: literal(caller) });
    } else if (ts.isCallExpression(node) && node.expression.getText() === 'createInternalClient') {
      const [options] = node.arguments;
      if (options && ts.isObjectLiteralExpression(options)) {
        const identity = stringProperty(options, 'identity');
        calls.push({
          target: literal(stringProperty(options, 'target')),
          identity: identity && ts.isObjectLiteralExpression(identity) ? literal(stringProperty(identity, 'service')) : null,
        });
      } else {
        calls.push({ target: null, identity: null });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

/** What reading the clients of `services/*` found: the edges, and what could not be read as one. */
export interface ServiceGraph {
  services: string[];
  edges: Edge[];
  /** Client files the graph could not read (no call, a target that is not a literal, a wrong identity). */
  problems: string[];
}

/** The service → service graph of the services under `servicesDir`, from their `src/clients/*.ts`. */
export function readServiceGraph(servicesDir: string): ServiceGraph {
  const services = readdirSync(servicesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const edges = new Map<string, Edge>();
  const problems: string[] = [];
  for (const from of services) {
    const dir = join(servicesDir, from, 'src', 'clients');
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
    } catch {
      continue;
    }
    for (const file of files) {
      const path = `services/${from}/src/clients/${file}`;
      const calls = internalClientCalls(file, readFileSync(join(dir, file), 'utf8'));
      if (calls.length === 0) problems.push(`${path}: no createSiblingClient or createInternalClient({ target }) call: a client of a sibling is built on the kit's internal client`);
      for (const call of calls) {
        if (call.target === null) {
          problems.push(`${path}: the client's target is not a string literal`);
          continue;
        }
        if (!services.includes(call.target)) problems.push(`${path}: target '${call.target}' is not a service under services/`);
        if (call.identity !== from) problems.push(`${path}: calls as '${call.identity ?? '?'}', not as '${from}'`);
        if (call.target === from) continue;
        const key = `${from}>${call.target}`;
        const edge = edges.get(key) ?? { from, to: call.target, files: [] };
        if (!edge.files.includes(path)) edge.files.push(path);
        edges.set(key, edge);
      }
    }
  }
  return { services, edges: [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)), problems };
}

/**
 * Every elementary cycle of a directed graph, each once: as the list of its
 * nodes starting at its smallest (by name), e.g. ['leads', 'templates'] for
 * leads → templates → leads. The graph is a handful of services, so a search
 * from each node over the larger nodes is plenty.
 */
export function cyclesOf(edges: ReadonlyArray<Pick<Edge, 'from' | 'to'>>): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to].sort());
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const cycles: string[][] = [];
  for (const start of nodes) {
    const walk = (node: string, path: string[]) => {
      for (const to of next.get(node) ?? []) {
        if (to === start) cycles.push([...path]);
        else if (to > start && !path.includes(to)) walk(to, [...path, to]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

/** A cycle in words: `ads → templates → ads`. */
export const cycleText = (cycle: readonly string[]) => [...cycle, cycle[0]].join(' → ');

/** The variables of a config schema whose default is a URL on loopback (127.0.0.1 or localhost), with that URL. */
export function loopbackDefaults(shape: Record<string, z.ZodType>): Array<{ name: string; url: URL }> {
  const found: Array<{ name: string; url: URL }> = [];
  for (const [name, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(undefined);
    if (!parsed.success || typeof parsed.data !== 'string') continue;
    let url: URL;
    try {
      url = new URL(parsed.data);
    } catch {
      continue;
    }
    if (['127.0.0.1', 'localhost'].includes(url.hostname)) found.push({ name, url });
  }
  return found;
}
