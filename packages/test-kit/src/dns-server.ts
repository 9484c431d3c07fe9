import { createServer, Packet } from 'dns2';

/** What the zone answers for one name, by record type. */
export interface ZoneRecords {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  TXT?: string[];
}

export interface LoopbackDns {
  /** `127.0.0.1:<port>`, for DNS_RESOLVER. */
  server: string;
  /** Sets (or replaces) what a name answers; names are compared lower-case without the trailing dot. */
  set(name: string, records: ZoneRecords): void;
  /** Removes a name: it answers NXDOMAIN. */
  clear(name: string): void;
  /** Every question asked, as `TYPE name`. */
  readonly asked: string[];
  close(): Promise<void>;
}

const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * A real DNS server on loopback (the maintained `dns2` package, UDP on
 * 127.0.0.1, a random port) serving a zone the test edits. The tenant's
 * resolver (node:dns's c-ares) asks it over the wire: no mock of the resolver.
 * `port`: a fixed one, for a stack started beforehand with `DNS_RESOLVER`
 * pointing at it (the browser journey `infra/e2e/tests/custom-domains.spec.ts`).
 */
export async function startLoopbackDns({ port = 0 }: { port?: number } = {}): Promise<LoopbackDns> {
  const zone = new Map<string, ZoneRecords>();
  const asked: string[] = [];
  const typeName = Object.fromEntries(Object.entries(Packet.TYPE).map(([k, v]) => [v, k])) as Record<number, string>;
  const server = createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return send(response);
      const { name, type } = question;
      asked.push(`${typeName[type] ?? type} ${key(name)}`);
      const records = zone.get(key(name));
      const answer = (record: Partial<Packet.Resource>) => response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 1, ...record }));
      if (!records) {
        response.header.rcode = 3; // NXDOMAIN
      } else if (records.CNAME && type !== Packet.TYPE.TXT) {
        answer({ type: Packet.TYPE.CNAME, domain: records.CNAME });
      } else if (type === Packet.TYPE.A) {
        for (const address of records.A ?? []) answer({ address });
      } else if (type === Packet.TYPE.AAAA) {
        for (const address of records.AAAA ?? []) answer({ address });
      } else if (type === Packet.TYPE.TXT) {
        for (const data of records.TXT ?? []) answer({ data });
      }
      send(response);
    },
  });
  const listening = server.listen({ udp: { port, address: '127.0.0.1' } });
  await listening;
  const { udp } = server.addresses() as { udp: { port: number } };
  return {
    server: `127.0.0.1:${udp.port}`,
    set: (name, records) => void zone.set(key(name), records),
    clear: (name) => void zone.delete(key(name)),
    asked,
    close: () => server.close() as Promise<void>,
  };
}
