import type { DataSource } from 'typeorm';
import {
  contentCacheFromConfig,
  createDatabaseServiceApp,
  createQueue,
  queueRedis,
  type JobQueue,
  registerContentCache,
  listAuditLog,
  registerRoutes,
  TENANT_PAGE_CACHE,
  type ContentCache,
} from '@hap/service-kit';
import { createGoHighLevel, type GoHighLevel } from '@hap/service-kit/gohighlevel';
import { createCatalogueReader, type CatalogueReader } from './modules/catalogue/catalogue.reader';
import { relayOnboardings, type ClinicOnboardedQueue } from './modules/onboarding/onboarding.relay';
import type { Config } from './config';
import { CrmProvisioning } from './modules/crm/crm-provisioning';
import { onboardingHandlers } from './modules/onboarding/onboarding.routes';
import { OnboardingService } from './modules/onboarding/onboarding.service';
import { tenantAuditNames } from './modules/audit/audit-names.repository';
import { ClientRepository } from './modules/client/client.repository';
import { clientHandlers } from './modules/client/client.routes';
import { ClientService } from './modules/client/client.service';
import { clientDomainHandlers } from './modules/custom-domain/client-domain.routes';
import { ClientSiteService } from './modules/custom-domain/client-site';
import { clientSiteHandlers } from './modules/custom-domain/client-site.routes';
import { ClientDomainService, type DomainCheckScheduler } from './modules/custom-domain/client-domain.service';
import { DnsCheck } from './modules/custom-domain/dns-check';
import { DomainQueues, domainCheckScheduler } from './modules/custom-domain/domain-check.job';
import { EdgeProbe } from './modules/custom-domain/edge-probe';
import { DomainMappingRepository } from './modules/domain-mapping/domain-mapping.repository';
import { domainMappingHandlers } from './modules/domain-mapping/domain-mapping.routes';
import { DomainMappingService } from './modules/domain-mapping/domain-mapping.service';
import { portalProfileHandlers } from './modules/portal-profile/portal-profile.routes';
import { PortalProfileService } from './modules/portal-profile/portal-profile.service';
import { PageContextService } from './modules/resolve-client/page-context.service';
import { resolveClientHandlers } from './modules/resolve-client/resolve-client.routes';
import { ResolveClientService } from './modules/resolve-client/resolve-client.service';
import { StaffMemberRepository } from './modules/staff-member/staff-member.repository';
import { staffMemberHandlers } from './modules/staff-member/staff-member.routes';
import { StaffMemberService } from './modules/staff-member/staff-member.service';
import { uploadHandlers, uploadPlugins } from './modules/upload/upload.routes';
import { UploadService } from './modules/upload/upload.service';
import { s3SettingsOf } from './modules/upload/upload.objects';
import { uploadStorageFor } from './modules/upload/upload.storage';
import { dummyHash } from './modules/user/password';
import { UserRepository } from './modules/user/user.repository';
import { userHandlers } from './modules/user/user.routes';
import { UserService } from './modules/user/user.service';
import { AuthVersions } from './modules/clinic-user/auth-versions';
import { clinicUserHandlers } from './modules/clinic-user/clinic-user.routes';
import { ClinicUserService } from './modules/clinic-user/clinic-user.service';
import { SignInLinkService } from './modules/clinic-user/sign-in-links.service';
import { mfaHandlers } from './modules/mfa/mfa.routes';
import { MfaService } from './modules/mfa/mfa.service';
import { RecoveryCodes } from './modules/mfa/recovery-code.repository';
import { SecretCipher } from './modules/mfa/secret-cipher';
import { PasskeyRepository } from './modules/passkey/passkey.repository';
import { passkeyHandlers } from './modules/passkey/passkey.routes';
import { PasskeyService } from './modules/passkey/passkey.service';
import { RelyingParty } from './modules/passkey/relying-party';
import { UserTokens } from './modules/clinic-user/user-tokens';
import { NotificationService } from './modules/notifications/notification.service';
import { notificationHandlers } from './modules/notifications/notification.routes';
import { PushSubscriptionRepository } from './modules/notifications/push-subscription.repository';
import { ViewAsService } from './modules/view-as/view-as.service';
import { viewAsHandlers } from './modules/view-as/view-as.routes';
import { createMailer, nameAuditEntries, type Mailer } from '@hap/service-kit';

export interface TenantAppOptions {
  /**
   * GET /api/page-context's cache. Default: one from the config (its Redis,
   * CONTENT_CACHE_TTL_MS; none when that is 0). A test may pass its own, or null.
   */
  pageContextCache?: ContentCache | null;
  /** The service catalogue as templates keeps it in Redis, for onboarding and provisioning. Default: the config's Redis. */
  catalogue?: CatalogueReader;
  /**
   * Where a sign-up is handed to templates at once (its services' activation; the tenant worker's relay
   * mends a failure: docs/service-graph.md). Default: the config's Redis; null leaves it to the worker.
   */
  onboardedQueue?: ClinicOnboardedQueue | null;
  /** Where onboarding queues tenant.provision. Default: the config's Redis; null queues nothing. */
  provisionQueue?: Pick<JobQueue<'tenant.provision'>, 'add'> | null;
  /** The CRM adapter for Create CRM Account. Default: from GHL_* (null when not configured). */
  crm?: GoHighLevel | null;
  /** Where a claimed domain's DNS checks and certificate tries are queued. Default: the config's Redis; null queues nothing. */
  domainCheckScheduler?: DomainCheckScheduler | null;
  /** Invitations' and resets' e-mail. Default: SMTP_URL (null when unset: mail is off). */
  mailer?: Mailer | null;
}

/** The edge clinics point their domains at, and the DNS check, from the config. */
export const edgeFromConfig = (config: Config) => ({ host: config.EDGE_HOST ?? null, ipv4: config.EDGE_IPV4, ipv6: config.EDGE_IPV6 });
export const dnsCheckFromConfig = (config: Config) =>
  new DnsCheck(edgeFromConfig(config), { server: config.DNS_RESOLVER ?? null, timeoutMs: config.DNS_TIMEOUT_MS, tries: 2 });
/** The edge's HTTPS as a client sees it (EDGE_TLS_ADDRESS, EDGE_CA_FILE); null when no address is set. */
export const edgeProbeFromConfig = (config: Config) =>
  EdgeProbe.fromSettings({ address: config.EDGE_TLS_ADDRESS, caFile: config.EDGE_CA_FILE, timeoutMs: config.EDGE_PROBE_TIMEOUT_MS });
/** The platform's own host names, never a clinic's: the edge's and PUBLIC_BASE_URL's. */
export const platformHostsOf = (config: Config): string[] =>
  [config.EDGE_HOST, config.PUBLIC_BASE_URL ? new URL(config.PUBLIC_BASE_URL).hostname : undefined].filter((h): h is string => Boolean(h));

/** The catalogue reader a tenant process uses, from its config (close it with the process). */
export const catalogueFromConfig = (config: Config) => createCatalogueReader(queueRedis(config), config.CATALOGUE_TIMEOUT_MS);

/**
 * Builds the tenant API without listening (tests drive it in-process):
 * external plugins, then the data source, then each module's routes.
 */
export function buildApp(config: Config, dataSource: DataSource, options: TenantAppOptions = {}) {
  const app = createDatabaseServiceApp('tenant', config, dataSource, {
    // Caddy's on-demand TLS ask cannot sign; it answers only whether we serve a name, and the gateway never routes it.
    unsignedPaths: ['/internal/domains/ask'],
  });
  const storage = uploadStorageFor(config.UPLOAD_DIR, s3SettingsOf(config));
  uploadPlugins(app);
  // Computed once up front so the first unknown-e-mail login is not slower than the rest.
  app.addHook('onReady', async () => void (await dummyHash()));
  // Temporary files a crashed or killed process left behind (see UploadStorage.sweepStaleTemp).
  app.addHook('onReady', async () => {
    const removed = await storage.sweepStaleTemp();
    if (removed > 0) app.log.info({ removed, dir: storage.tmpDir }, 'removed stale temporary upload files');
  });

  // Every audit entry names its clinic (and a domain claim its domain) as they are when it is written.
  nameAuditEntries(dataSource, tenantAuditNames);
  const clientRepository = new ClientRepository(dataSource);
  const mappings = new DomainMappingRepository(dataSource);
  const versions = new AuthVersions({ redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
  app.addHook('onClose', () => versions.close());
  // The client's `domain` and its claim in the custom domains module are one fact (`domains`, below).
  const clients = new ClientService(dataSource, clientRepository, versions, {
    claimSite: (...args) => domains.claimSite(...args),
    started: (claimId) => domains.started(claimId),
    siteFacts: (...args) => domains.siteFacts(...args),
  });

  const staff = new StaffMemberService(dataSource, new StaffMemberRepository(dataSource), clientRepository);

  // Public pages' answers, cleared in every tenant API process after any audited write commits.
  const pageCache = options.pageContextCache === undefined ? contentCacheFromConfig(app, TENANT_PAGE_CACHE, config) : options.pageContextCache;
  if (pageCache) registerContentCache(app, pageCache, dataSource);
  const pages = new PageContextService(new ResolveClientService(mappings, clientRepository, pageCache), clients, staff, pageCache);

  const catalogue =
    options.catalogue ??
    (() => {
      const reader = catalogueFromConfig(config);
      app.addHook('onClose', async () => reader.close());
      return reader;
    })();
  let provisionQueue = options.provisionQueue;
  if (provisionQueue === undefined) {
    // Opened at the first sign-up: a tenant process that never sees one holds no queue connection.
    let queue: JobQueue<'tenant.provision'> | null = null;
    app.addHook('onClose', () => queue?.close());
    provisionQueue = { add: (payload) => (queue ??= createQueue('tenant.provision', queueRedis(config))).add(payload) };
  }
  let onboardedQueue = options.onboardedQueue;
  if (onboardedQueue === undefined) {
    let queue: JobQueue<'templates.clinic-onboarded'> | null = null;
    app.addHook('onClose', () => queue?.close());
    onboardedQueue = { addBulk: (events) => (queue ??= createQueue('templates.clinic-onboarded', queueRedis(config))).addBulk(events) };
  }
  const handOn = onboardedQueue;
  const crm = new CrmProvisioning(dataSource, clientRepository, catalogue, options.crm === undefined ? createGoHighLevel(config) : options.crm);
  const userRepository = new UserRepository(dataSource);
  const accounts = new UserService(dataSource, userRepository);
  const mailer =
    options.mailer === undefined ? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs: config.SMTP_TIMEOUT_MS }) : options.mailer;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  const clinicUserDeps = {
    dataSource,
    users: userRepository,
    clients: clientRepository,
    accounts,
    tokens: new UserTokens(),
    versions,
    mailer,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    log: app.log,
  };
  const clinicUsers = new ClinicUserService(clinicUserDeps);
  const onboarding = new OnboardingService(
    dataSource,
    clientRepository,
    catalogue,
    provisionQueue,
    clinicUsers,
    {
      claimSite: (...args) => domains.claimSite(...args),
      started: (claimId) => domains.started(claimId),
    },
    handOn ? () => relayOnboardings(dataSource, handOn, 10) : null,
  );

  const views = new ViewAsService({ dataSource, clients: clientRepository, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
  app.addHook('onClose', () => views.close());
  const mfa = new MfaService({
    dataSource,
    users: userRepository,
    accounts,
    versions,
    cipher: new SecretCipher(config.MFA_SECRET_KEY),
    recoveryCodes: new RecoveryCodes(),
    issuer: config.MFA_ISSUER,
  });
  const passkeys = new PasskeyService({
    dataSource,
    users: userRepository,
    passkeys: new PasskeyRepository(dataSource),
    accounts,
    versions,
    recoveryCodes: new RecoveryCodes(),
    relyingParty: new RelyingParty({
      origins: config.WEBAUTHN_ORIGIN.length ? config.WEBAUTHN_ORIGIN : config.PUBLIC_BASE_URL ? [config.PUBLIC_BASE_URL] : [],
      rpId: config.WEBAUTHN_RP_ID,
      name: config.WEBAUTHN_RP_NAME,
      production: config.NODE_ENV === 'production',
    }),
  });

  let domainScheduler = options.domainCheckScheduler;
  if (domainScheduler === undefined) {
    const queues = new DomainQueues(queueRedis(config));
    app.addHook('onClose', () => queues.close());
    domainScheduler = domainCheckScheduler((name) => queues.get(name));
  }
  const domains = new ClientDomainService({
    dataSource,
    clients: clientRepository,
    dns: dnsCheckFromConfig(config),
    edge: edgeFromConfig(config),
    platformHosts: platformHostsOf(config),
    allowTestNames: config.NODE_ENV !== 'production',
    scheduler: domainScheduler,
    probe: edgeProbeFromConfig(config),
    mailer,
    log: app.log,
  });

  const uploads = new UploadService(storage);
  registerRoutes(app, 'tenant', {
    ...onboardingHandlers(onboarding, crm),
    ...clientHandlers(clients),
    ...staffMemberHandlers(staff),
    ...domainMappingHandlers(new DomainMappingService(dataSource, mappings, clientRepository)),
    ...resolveClientHandlers(new ResolveClientService(mappings, clientRepository), pages),
    ...uploadHandlers(uploads, storage),
    ...portalProfileHandlers(new PortalProfileService(clients, staff, uploads), storage),
    ...userHandlers(accounts),
    ...clinicUserHandlers(clinicUsers, new SignInLinkService(clinicUserDeps)),
    ...viewAsHandlers(views),
    ...notificationHandlers(
      new NotificationService({
        dataSource,
        users: userRepository,
        clients: clientRepository,
        pushSubscriptions: new PushSubscriptionRepository(dataSource),
        internalSecret: config.INTERNAL_SECRET,
        // The public key alone is handed out; the whole key pair is leads' worker's to send with.
        pushPublicKey: config.VAPID_PUBLIC_KEY,
        pushAllowLoopback: config.PUSH_ALLOW_LOOPBACK,
      }),
    ),
    ...mfaHandlers(mfa, accounts),
    ...passkeyHandlers(passkeys, accounts),
    ...clientDomainHandlers(domains),
    ...clientSiteHandlers(new ClientSiteService(dataSource, clientRepository)),
    listTenantAuditLog: ({ query }) => listAuditLog(dataSource, 'tenant', query),
  });
  return app;
}
