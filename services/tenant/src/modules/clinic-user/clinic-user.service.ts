import type { DataSource, EntityManager } from 'typeorm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  Messages,
  type ClinicRole,
  type ClinicUserInvite,
  type ClinicUser,
  type ClinicUserUpdate,
  type InvitationResult,
} from '@hap/contracts';
import {
  AppError,
  assertAdmin,
  auditedTransaction,
  conflict,
  notFound,
  requireClinicOwner,
  requireClinicUser,
  type Actor,
} from '@hap/service-kit';
import { addUnderClinic } from '../client/clinic-rows';
import type { ClientRepository } from '../client/client.repository';
import type { Mailer } from '@hap/service-kit';
import type { UserEntity } from '../user/user.entity';
import type { UserRepository } from '../user/user.repository';
import type { UserService } from '../user/user.service';
import type { AuthVersions } from './auth-versions';
import { invitationMail, inviteLink, linkOrigin, type LinkContext } from './clinic-user.mail';
import type { UserTokens } from './user-tokens';

export type { LinkContext } from './clinic-user.mail';

export function toClinicUserDto(row: UserEntity): ClinicUser {
  return {
    id: row.id,
    clientId: row.clientId ?? 0,
    email: row.email,
    name: row.name,
    role: row.role ?? 'viewer',
    status: row.disabledAt ? 'disabled' : row.passwordHash ? 'active' : 'invited',
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * An address that already belongs to a user: one answer whoever has it (this clinic's user,
 * another clinic's, an admin), at the form's `email` field, so an invitation tells nobody who
 * else uses the platform (README, Clinic users).
 */
const emailInUse = () => conflict(Messages.userEmailInUse, [{ path: 'email', message: Messages.userEmailInUse }]);

export interface ClinicUserDeps {
  dataSource: DataSource;
  users: UserRepository;
  clients: ClientRepository;
  accounts: UserService;
  tokens: UserTokens;
  versions: AuthVersions;
  /** null: e-mail is off. */
  mailer: Mailer | null;
  /** PUBLIC_BASE_URL, else links use the origin a request came in through. */
  publicBaseUrl: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * Clinic users: invitations, roles, disabling, removal, and
 * the self-onboarded owner. Admin rows name the clinic in the path; portal
 * rows take it from the signed identity only. Using the links is
 * SignInLinkService's (sign-in-links.service.ts).
 */
export class ClinicUserService {
  constructor(private readonly deps: ClinicUserDeps) {}

  private origin(context: LinkContext) {
    return linkOrigin(this.deps.publicBaseUrl, context);
  }

  // --- admin rows -------------------------------------------------------

  async listForClient(actor: Actor, clientId: number): Promise<ClinicUser[]> {
    assertAdmin(actor);
    if (!(await this.deps.clients.exists(clientId))) throw notFound(Messages.clientNotFound(clientId));
    return (await this.deps.users.listByClient(clientId)).map(toClinicUserDto);
  }

  async invite(actor: Actor, clientId: number, input: { email: string; role: ClinicRole }, context: LinkContext): Promise<InvitationResult> {
    if (actor.identity.kind === 'clinic') requireClinicOwner(actor.identity);
    else assertAdmin(actor);
    return addUnderClinic(
      clientId,
      () =>
        auditedTransaction(this.deps.dataSource, actor, async (manager) => {
          const client = await this.deps.clients.findById(clientId, manager);
          if (!client) throw notFound(Messages.clientNotFound(clientId));
          const user = await this.deps.users.insertIfMissing(
            { email: input.email, passwordHash: null, name: null, isAdmin: false, clientId, role: input.role },
            manager,
          );
          if (!user) throw emailInUse();
          const result = await this.sendInvitation(manager, user, client.name, context);
          return {
            result,
            audit: { action: 'create', entity: 'clinic_user', entityId: user.id, changes: { after: toClinicUserDto(user) }, names: { client: client.name } },
          };
        }),
      emailInUse,
    );
  }

  async reissueInvitation(actor: Actor, clientId: number, userId: number, context: LinkContext): Promise<InvitationResult> {
    assertAdmin(actor);
    return auditedTransaction(this.deps.dataSource, actor, async (manager) => {
      const { user, clientName } = await this.userOfClinic(manager, clientId, userId, true);
      if (user.passwordHash) throw conflict(Messages.invitationForActiveUser);
      const result = await this.sendInvitation(manager, user, clientName, context);
      return {
        result,
        audit: { action: 'update', entity: 'clinic_user', entityId: user.id, changes: { after: { email: user.email, invitation: 'reissued', mail: result.mail } }, names: { client: clientName } },
      };
    });
  }

  async update(actor: Actor, clientId: number, userId: number, input: ClinicUserUpdate): Promise<ClinicUser> {
    assertAdmin(actor);
    return this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const { user, clientName } = await this.userOfClinic(manager, clientId, userId, true);
        const before = toClinicUserDto(user);
        const roleChanged = input.role !== undefined && input.role !== user.role;
        const disabling = input.disabled === true && !user.disabledAt;
        if ((roleChanged && input.role !== 'owner') || disabling) await this.keepAnActiveOwner(manager, clientId, user);
        const changes = {
          ...(roleChanged && { role: input.role }),
          ...(input.disabled !== undefined && { disabledAt: input.disabled ? (user.disabledAt ?? new Date()) : null }),
        };
        let after = Object.keys(changes).length ? await this.deps.users.update(user.id, changes, manager) : user;
        // A disabled user's links stop working too.
        if (disabling) await this.deps.tokens.voidAll(manager, user.id);
        if (roleChanged || disabling) {
          await bump(manager, user.id);
          after = (await this.deps.users.findById(user.id, manager)) ?? after;
        }
        const dto = toClinicUserDto(after);
        return { result: dto, audit: { action: 'update', entity: 'clinic_user', entityId: user.id, changes: { before, after: dto }, names: { client: clientName } } };
      }),
    );
  }

  async remove(actor: Actor, clientId: number, userId: number): Promise<{ id: number }> {
    if (actor.identity.kind === 'clinic') {
      const me = requireClinicOwner(actor.identity);
      if (me.userId === userId) throw conflict(Messages.ownerCannotRemoveSelf);
    } else {
      assertAdmin(actor);
    }
    return this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const { user, clientName } = await this.userOfClinic(manager, clientId, userId, true);
        await this.keepAnActiveOwner(manager, clientId, user);
        // Published before the row goes: its live sessions end with it.
        await bump(manager, user.id);
        await this.deps.users.delete(user.id, manager);
        return {
          result: { id: user.id },
          audit: { action: 'delete', entity: 'clinic_user', entityId: user.id, changes: { before: toClinicUserDto(user) }, names: { client: clientName } },
        };
      }),
    );
  }

  /**
   * A clinic keeps at least one active owner (signed up and not disabled): the
   * one who manages its users and profile. Demoting, disabling or removing its
   * last one is refused; an invited owner who never signed in does not count.
   * The clinic's owner rows are locked first, so two admins demoting its two
   * owners at once cannot both succeed.
   */
  private async keepAnActiveOwner(manager: EntityManager, clientId: number, user: UserEntity): Promise<void> {
    if (user.role !== 'owner' || user.disabledAt || !user.passwordHash) return;
    const owners = await this.deps.users.lockActiveOwnerIds(clientId, manager);
    if (!owners.some((id) => id !== user.id)) throw conflict(Messages.lastActiveOwner(user.email));
  }

  // --- portal rows (the clinic from the identity) -------------------------

  async listMine(actor: Actor): Promise<ClinicUser[]> {
    const me = requireClinicUser(actor.identity);
    return (await this.deps.users.listByClient(me.clientId)).map(toClinicUserDto);
  }

  /** An owner invites a user of their own clinic, in any role (docs/portal.md#roles). */
  inviteMine(actor: Actor, input: ClinicUserInvite, context: LinkContext): Promise<InvitationResult> {
    const me = requireClinicOwner(actor.identity);
    return this.invite(actor, me.clientId, input, context);
  }

  removeMine(actor: Actor, userId: number): Promise<{ id: number }> {
    const me = requireClinicOwner(actor.identity);
    return this.remove(actor, me.clientId, userId);
  }

  // --- self-onboarding ---------------------------------------------------------

  /**
   * The sign-up's e-mail becomes the new clinic's owner, in the sign-up's
   * transaction. With mail on, an invitation link is made to be
   * mailed once the sign-up commits (mailOnboardingInvitation); with mail off
   * the owner waits for an admin to issue one. An e-mail that already has an
   * account (another clinic's, an admin's) makes no owner: null.
   */
  async addOnboardingOwner(manager: EntityManager, clientId: number, email: string): Promise<{ userId: number; email: string; token: string | null } | null> {
    const user = await this.deps.users.insertIfMissing({ email, passwordHash: null, name: null, isAdmin: false, clientId, role: 'owner' }, manager);
    if (!user) return null;
    const token = this.deps.mailer ? await this.deps.tokens.issue(manager, user.id, 'invite') : null;
    return { userId: user.id, email: user.email, token };
  }

  /** After the sign-up committed: its owner's invitation. A failure is logged (an admin re-issues it), never fails the sign-up. */
  async mailOnboardingInvitation(owner: { userId: number; email: string; token: string | null }, clinicName: string, context: LinkContext): Promise<void> {
    const { mailer } = this.deps;
    if (!mailer || !owner.token) return;
    try {
      await mailer.send(invitationMail(owner.email, clinicName, 'owner', inviteLink(this.origin(context), owner.token)));
    } catch (err) {
      this.deps.log.error({ err, userId: owner.userId }, 'the new clinic owner’s invitation e-mail failed; an admin can re-issue it');
    }
  }

  // --- shared --------------------------------------------------------------

  /** A user of this clinic (another clinic's user, an admin or nobody: 404), locked for the change. */
  private async userOfClinic(manager: EntityManager, clientId: number, userId: number, lock: boolean) {
    const client = await this.deps.clients.findById(clientId, manager);
    if (!client) throw notFound(Messages.clientNotFound(clientId));
    const user = await this.deps.users.findById(userId, manager, lock);
    if (!user || user.clientId !== clientId) throw notFound(Messages.clinicUserNotFound(userId));
    return { user, clientName: client.name };
  }

  /**
   * A new invitation link for `user` (older ones voided). Mailed inside the
   * transaction: a failed e-mail leaves no user nor link behind. With mail off,
   * the link is the answer, to hand over.
   */
  private async sendInvitation(manager: EntityManager, user: UserEntity, clientName: string, context: LinkContext): Promise<InvitationResult> {
    const token = await this.deps.tokens.issue(manager, user.id, 'invite');
    const link = inviteLink(this.origin(context), token);
    const { mailer } = this.deps;
    if (!mailer) return { userId: user.id, mail: 'off', inviteUrl: link, message: Messages.invitationMailOff };
    try {
      await mailer.send(invitationMail(user.email, clientName, user.role ?? 'viewer', link));
    } catch (err) {
      this.deps.log.error({ err, userId: user.id }, 'invitation e-mail failed');
      const error = new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.invitationMailFailed);
      error.cause = err;
      throw error;
    }
    return { userId: user.id, mail: 'sent', message: Messages.invitationMailed(user.email) };
  }
}
