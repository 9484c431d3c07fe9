import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createClient } from '@hap/test-kit/factories/tenant';
import { buildGateway, loginCookie, sessionCookie, uniqueEmail } from './gateway';
import { startTenant, TENANT_START_TIMEOUT_MS } from './services';

/** The clinic users' password in the sign-in suites. */
export const CLINIC_PASSWORD = 'a long clinic password';

export type Gateway = ReturnType<typeof buildGateway>;
type Tenant = Awaited<ReturnType<typeof startTenant>>;

/**
 * What the sign-in suites (two-factor, passkeys) stand on, made in their beforeAll: the real
 * tenant (a process of the suite's own, with `tenantEnv`) and a gateway sharing a Redis prefix of the suite's own (tenant
 * publishes sign-in versions where the gateway reads sessions), an admin signed in, a clinic.
 * `env(extra)` is the gateway's environment (for more gateways on the same tenant), `freshIp()`
 * a new visitor address, `owner()` a clinic owner invited (mail is off: the link comes back) and
 * accepted, with their session cookie.
 */
export function signInSuite(tag: string, { adminName, ownerName, tenantEnv = {} }: { adminName: string; ownerName: string; tenantEnv?: Record<string, string> }) {
  const prefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_${tag}_${randomBytes(3).toString('hex')}`;
  const admin = { email: uniqueEmail(`${tag}-admin`), password: 'a long admin password', name: adminName };
  const state = {
    tenant: undefined as unknown as Tenant,
    gw: undefined as unknown as Gateway,
    adminCookie: '',
    clinic: undefined as unknown as { id: number; name: string },
  };
  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;
  const env = (extra: Record<string, string> = {}) => ({
    TENANT_URL: state.tenant.url,
    REDIS_PREFIX: prefix,
    TRUST_PROXY: 'true',
    LOGIN_MAX_PER_IP: '50',
    LOGIN_MAX_PER_ACCOUNT_AND_IP: '4',
    LOGIN_MAX_PER_ACCOUNT_PER_HOUR: '50',
    ...extra,
  });
  const api = (g: Gateway = state.gw) => request(g.app.server);
  async function owner() {
    const email = uniqueEmail(`${tag}-owner`);
    const invited = await api().post(`/api/clients/${state.clinic.id}/users`).set('cookie', state.adminCookie).send({ email, role: 'owner' });
    expect(invited.status).toBe(201);
    const token = new URL(invited.body.data.inviteUrl as string).hash.replace('#token=', '');
    const accepted = await api().post('/api/portal/accept-invite').send({ token, password: CLINIC_PASSWORD, name: ownerName });
    expect(accepted.status).toBe(200);
    return { id: accepted.body.data.user.id as number, email, cookie: sessionCookie(accepted.headers['set-cookie']) as string };
  }

  beforeAll(async () => {
    state.tenant = await startTenant({ REDIS_PREFIX: prefix, ...tenantEnv });
    await state.tenant.seedAdmin(admin);
    state.gw = buildGateway(env());
    await state.gw.app.ready();
    state.adminCookie = await loginCookie(state.gw.app, admin);
    state.clinic = await createClient(state.tenant.dataSource);
  }, TENANT_START_TIMEOUT_MS);
  afterAll(async () => {
    await state.gw?.app.close();
    await state.tenant?.close();
  });
  return Object.assign(state, { prefix, admin, freshIp, env, api, owner });
}
