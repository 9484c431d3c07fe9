import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { clinicRoleField, type ClinicRole, type User } from '@hap/contracts';
import { orStoreUnavailable } from './redis';

export const SESSION_COOKIE = 'hap_sid';

/** What the gateway remembers about a logged-in admin. Times are epoch milliseconds. */
export const SessionSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
  /** A clinic user's session: their one clinic and role; absent for admins. */
  clientId: z.number().int().positive().optional(),
  role: clinicRoleField().optional(),
  /** The clinic's name at login (the portal's header). */
  clientName: z.string().optional(),
  /**
   * The user's sign-in version at login: tenant bumps it (and publishes it under
   * `<prefix>:authv:<userId>`) on disable, password change and role change, which
   * ends every session of an older version. Absent in sessions older than it: 1.
   */
  authVersion: z.number().int().optional(),
  /**
   * An admin who must turn on two-factor sign-in first (production, REQUIRE_ADMIN_MFA):
   * the session opens the set-up and nothing else of the admin.
   */
  mfaSetupRequired: z.boolean().optional(),
  /**
   * When the user last proved who they are (password, code or passkey). A session
   * re-issued after a sign-in change keeps it; absent in older sessions: createdAt.
   */
  signedInAt: z.number().optional(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type Session = z.infer<typeof SessionSchema>;

/** The session id from the Cookie header (parsed by @fastify/cookie; a repeated name counts once, the first). */
export const sessionIdOf = (request: Pick<FastifyRequest, 'cookies'>): string | undefined => request.cookies[SESSION_COOKIE];

/** 32 random bytes, base64url: 43 characters. Anything else is not worth a Redis call. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
/** Sliding the idle expiry costs a write; once a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** Who a session is started for: an admin, or a clinic user with their clinic and role. */
export type SessionUser = User & {
  clientId?: number | null;
  clientName?: string | null;
  role?: ClinicRole | null;
  authVersion?: number;
  mfaSetupRequired?: boolean;
  /** A re-issued session's sign-in time (the one it replaces); a new sign-in: now. */
  signedInAt?: number;
};

/** A session that opens the admin: an admin's, with two-factor sign-in on where it is required. */
export const isFullAdmin = (session: Session | undefined | null): boolean => Boolean(session?.isAdmin && !session.mfaSetupRequired);

/**
 * KEYS[1]: a session; ARGV[1]: the prefix. The session and its user's current
 * sign-in version (under contracts' authVersionKey: <prefix>:authv:<userId>)
 * in one round trip (the user is only known from the session).
 * Returns nil, or { session, version or nil }.
 */
const READ_SESSION = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local ok, session = pcall(cjson.decode, raw)
local version = false
if ok and type(session) == 'table' and type(session.userId) == 'number' then
  version = redis.call('GET', ARGV[1] .. ':authv:' .. string.format('%d', session.userId))
end
return { raw, version }
`;

export interface SessionTimes {
  idleMs: number;
  absoluteMs: number;
}

/** Sessions in Redis under `<prefix>:sess:<id>`: idle expiry is the key's TTL, absolute expiry is checked on read. */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly times: SessionTimes,
    private readonly now: () => number = Date.now,
  ) {}

  private key(id: string) {
    return `${this.prefix}:sess:${id}`;
  }

  /** Milliseconds the key may live: the idle window, cut short by the absolute end. */
  private ttl(session: Session, now: number) {
    return Math.min(this.times.idleMs, session.createdAt + this.times.absoluteMs - now);
  }

  async create(user: SessionUser): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    const session: Session = {
      userId: user.id,
      email: user.email,
      name: user.name,
      isAdmin: user.isAdmin,
      ...(!user.isAdmin && user.clientId && user.role && { clientId: user.clientId, role: user.role, clientName: user.clientName ?? '' }),
      ...(user.authVersion !== undefined && { authVersion: user.authVersion }),
      ...(user.isAdmin && user.mfaSetupRequired && { mfaSetupRequired: true }),
      signedInAt: user.signedInAt ?? now,
      createdAt: now,
      lastSeenAt: now,
    };
    await this.redis.set(this.key(id), JSON.stringify(session), 'PX', this.ttl(session, now));
    return id;
  }

  async read(id: string): Promise<Session | null> {
    if (!SESSION_ID.test(id)) return null;
    const found = (await this.redis.eval(READ_SESSION, 1, this.key(id), this.prefix)) as [string, string | null] | null;
    if (!found) return null;
    const [raw, version] = found;
    let session: Session;
    try {
      session = SessionSchema.parse(JSON.parse(raw));
    } catch {
      await this.destroy(id);
      return null;
    }
    // The user was disabled, changed their password or got another role since this login.
    if (version !== null && Number(version) > (session.authVersion ?? 1)) {
      await this.destroy(id);
      return null;
    }
    const now = this.now();
    const ttl = this.ttl(session, now);
    if (ttl <= 0 || now - session.lastSeenAt > this.times.idleMs) {
      await this.destroy(id);
      return null;
    }
    if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
      session = { ...session, lastSeenAt: now };
      // XX: a logout that raced this request stays a logout.
      await this.redis.set(this.key(id), JSON.stringify(session), 'PX', ttl, 'XX');
    }
    return session;
  }

  async destroy(id: string): Promise<void> {
    if (SESSION_ID.test(id)) await this.redis.del(this.key(id));
  }
}

export interface CurrentSession {
  id: string;
  session: Session;
}

/**
 * Sessions as requests see them. Every method rejects with a
 * `SessionStoreUnavailableError` (503) when Redis fails; without a session
 * cookie `current` and `end` do not touch Redis at all.
 */
export interface SessionManager {
  store: SessionStore;
  /** The caller's session from the cookie, read once per request. */
  current(request: FastifyRequest): Promise<CurrentSession | null>;
  /** Logs `user` in: the old session (if any) is destroyed and a new id issued. */
  start(request: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<void>;
  /** Destroys the session and clears the cookie; fine without a session. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
  }
  interface FastifyRequest {
    /** Memoised session lookup; use `app.sessions.current(request)`. */
    sessionLookup: Promise<CurrentSession | null> | null;
  }
}

export interface SessionPluginOptions extends SessionTimes {
  redisPrefix: string;
  cookieSecure: boolean;
}

export const sessionPlugin = fp<SessionPluginOptions>(
  async (app, options) => {
    const store = new SessionStore(app.redis, options.redisPrefix, options);
    // Set and cleared with the same attributes, or the browser would keep a second cookie.
    const cookie: CookieSerializeOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: options.cookieSecure };

    const lookup = async (request: FastifyRequest): Promise<CurrentSession | null> => {
      const id = sessionIdOf(request);
      if (!id) return null;
      const session = await orStoreUnavailable(store.read(id));
      return session ? { id, session } : null;
    };

    const manager: SessionManager = {
      store,
      current(request) {
        request.sessionLookup ??= lookup(request);
        return request.sessionLookup;
      },
      async start(request, reply, user) {
        const old = sessionIdOf(request);
        if (old) await orStoreUnavailable(store.destroy(old));
        const id = await orStoreUnavailable(store.create(user));
        request.sessionLookup = null;
        reply.setCookie(SESSION_COOKIE, id, { ...cookie, maxAge: Math.floor(options.absoluteMs / 1000) });
      },
      async end(request, reply) {
        const id = sessionIdOf(request);
        // Redis down: 503 and the cookie kept, since the session would still be valid.
        if (id) await orStoreUnavailable(store.destroy(id));
        request.sessionLookup = null;
        reply.clearCookie(SESSION_COOKIE, cookie);
      },
    };

    app.decorate('sessions', manager);
    app.decorateRequest('sessionLookup', null);
  },
  { name: 'session', dependencies: ['redis', '@fastify/cookie'] },
);
