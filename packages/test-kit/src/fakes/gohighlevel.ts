import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeContact {
  id: string;
  locationId: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phone: string;
  source: string;
  tags: string[];
}

export interface FakeLocation {
  id: string;
  companyId: string;
  name: string;
  phone?: string;
  email?: string;
  address?: string;
  website?: string;
  prospectInfo?: { firstName?: string; lastName?: string; email?: string };
  /** Snapshot ids loaded with PUT /locations/{id}, in order. */
  snapshots: string[];
}

/**
 * GoHighLevel's API v2 as far as this product uses it, on a loopback port:
 * the agency token creates sub-accounts (`POST /locations/`, JSON, needs the
 * company id and a name) and loads snapshots into them (`PUT /locations/{id}`
 * with `snapshot.id`);
 * the agency token mints location tokens (`POST /oauth/locationToken`, form
 * body, `Version` header required), and a location token upserts contacts
 * into its own location only (`POST /contacts/upsert`, matched by e-mail,
 * then phone). Tests script failures (`failNext`) and revoke tokens.
 */
export async function startFakeGoHighLevel(options: { agencyToken: string; companyId: string; locations: string[]; snapshots?: string[] }) {
  const locations = new Set(options.locations);
  const created = new Map<string, FakeLocation>(); // sub-accounts made through the API
  const snapshots = new Set(options.snapshots ?? []);
  const tokens = new Map<string, string>(); // token → locationId
  const contacts = new Map<string, FakeContact[]>(); // locationId → contacts
  const calls: Array<{ method: string; path: string; authorization: string | undefined; version: string | undefined; body: string }> = [];
  const failures: Array<{ status: number; body: unknown }> = [];
  // Sub-account names GoHighLevel refuses, so many times each (race-free between parallel journeys).
  const refusals = new Map<string, { status: number; body: unknown; times: number }>();
  const refuseLocation = (name: string, status: number, message: string, times = 1) => refusals.set(name, { status, body: { message }, times });
  let minted = 0;

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => resolve(body));
    });

  const server = createServer(async (req, res) => {
    const raw = await read(req);
    const path = (req.url ?? '').split('?')[0];
    // The test's own control (browser journeys run in other processes): not part of GoHighLevel's API.
    if (req.method === 'POST' && path === '/__fake/refuse-location') {
      const { name, status, message, times } = JSON.parse(raw || '{}') as { name: string; status: number; message: string; times?: number };
      refuseLocation(name, status, message, times);
      return send(res, 200, { refused: name });
    }
    calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization, version: req.headers.version as string | undefined, body: raw });
    const failure = failures.shift();
    if (failure) return send(res, failure.status, failure.body);
    if (!req.headers.version) return send(res, 400, { message: 'Version header is required' });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const json = <T>(): T | null => {
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    };

    const locationPath = /^\/locations\/([^/]*)$/.exec(path);
    if (locationPath) {
      if (bearer !== options.agencyToken) return send(res, 401, { message: 'Invalid JWT' });
      if (!String(req.headers['content-type']).startsWith('application/json')) return send(res, 422, { message: ['body must be JSON'] });
      const body = json<Partial<FakeLocation> & { snapshot?: { id?: string; override?: boolean } }>();
      if (!body) return send(res, 400, { message: 'Unexpected token in JSON' });
      if (body.companyId !== options.companyId) return send(res, 403, { message: 'The token does not have access to this company' });
      if (req.method === 'POST' && locationPath[1] === '') {
        if (!body.name) return send(res, 422, { message: ['name should not be empty'] });
        const refusal = refusals.get(body.name);
        if (refusal && refusal.times-- > 0) return send(res, refusal.status, refusal.body);
        const location: FakeLocation = {
          id: `loc${randomBytes(8).toString('hex')}`,
          companyId: body.companyId,
          name: body.name,
          phone: body.phone,
          email: body.email,
          address: body.address,
          website: body.website,
          prospectInfo: body.prospectInfo,
          snapshots: [],
        };
        created.set(location.id, location);
        locations.add(location.id);
        return send(res, 201, { ...location, snapshots: undefined });
      }
      if (req.method === 'PUT' && locationPath[1]) {
        const location = created.get(decodeURIComponent(locationPath[1]));
        if (!location) return send(res, 404, { message: 'Location not found' });
        const snapshotId = body.snapshot?.id;
        if (snapshotId !== undefined && !snapshots.has(snapshotId)) return send(res, 400, { message: `Snapshot ${snapshotId} not found` });
        if (snapshotId) location.snapshots.push(snapshotId);
        return send(res, 200, { ...location, snapshots: undefined });
      }
      return send(res, 404, { message: `Cannot ${req.method} ${path}` });
    }
    if (req.method !== 'POST') return send(res, 404, { message: 'Not found' });

    if (path === '/oauth/locationToken') {
      if (bearer !== options.agencyToken) return send(res, 401, { message: 'Invalid JWT' });
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return send(res, 422, { message: ['body must be form-encoded'] });
      const form = new URLSearchParams(raw);
      if (form.get('companyId') !== options.companyId) return send(res, 403, { message: 'The company does not own this location' });
      const locationId = form.get('locationId') ?? '';
      if (!locations.has(locationId)) return send(res, 400, { message: 'Location not found' });
      const token = `loc_${++minted}_${randomBytes(6).toString('hex')}`;
      tokens.set(token, locationId);
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 86399, locationId, scope: 'contacts.write' });
    }

    if (path === '/contacts/upsert') {
      const tokenLocation = bearer ? tokens.get(bearer) : undefined;
      if (!tokenLocation) return send(res, 401, { message: 'Invalid JWT' });
      let body: Partial<FakeContact>;
      try {
        body = JSON.parse(raw) as Partial<FakeContact>;
      } catch {
        return send(res, 400, { message: 'Unexpected token in JSON' });
      }
      if (body.locationId !== tokenLocation) return send(res, 403, { message: 'The token does not have access to this location' });
      if (!body.email && !body.phone) return send(res, 422, { message: ['email or phone is required'] });
      const list = contacts.get(tokenLocation) ?? [];
      contacts.set(tokenLocation, list);
      const existing = list.find((c) => (body.email && c.email === body.email.toLowerCase()) || (body.phone && c.phone === body.phone));
      const contact: FakeContact = {
        id: existing?.id ?? `ct_${randomBytes(8).toString('hex')}`,
        locationId: tokenLocation,
        firstName: body.firstName ?? '',
        lastName: body.lastName ?? '',
        name: body.name ?? '',
        email: (body.email ?? '').toLowerCase(),
        phone: body.phone ?? '',
        source: body.source ?? '',
        tags: [...new Set([...(existing?.tags ?? []), ...(body.tags ?? [])])],
      };
      if (existing) Object.assign(existing, contact);
      else list.push(contact);
      return send(res, 200, { new: !existing, contact, traceId: randomBytes(4).toString('hex') });
    }
    return send(res, 404, { message: `Cannot POST ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    contactsOf: (locationId: string) => contacts.get(locationId) ?? [],
    /** Sub-accounts created through the API, in order. */
    createdLocations: () => [...created.values()],
    /** The next `times` requests answer `status` (e.g. 429, 500) before anything else. */
    failNext: (status: number, times = 1, body: unknown = { message: `scripted ${status}` }) => {
      for (let i = 0; i < times; i++) failures.push({ status, body });
    },
    /** `POST /locations/` for this name answers `status` with `message`, `times` times (also `POST /__fake/refuse-location`). */
    refuseLocation,
    /** Every location token stops working (GoHighLevel revoked them). */
    revokeTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
