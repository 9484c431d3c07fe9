import { ErrorCode, Messages, type AcceptInvite, type PasswordReset, type VerifiedUser } from '@hap/contracts';
import { AppError, auditedTransaction, type Actor } from '@hap/service-kit';
import { hashPassword } from '../user/password';
import { linkOrigin, resetLink, resetMail, type LinkContext } from './clinic-user.mail';
import type { ClinicUserDeps } from './clinic-user.service';

/** At most one password reset e-mail per account in this time. */
const RESET_MAIL_INTERVAL_MS = 60_000;

/**
 * Using the one-time links: accepting an invitation (for the
 * gateway, which then starts the session), asking for a reset link and
 * choosing a new password with it. Each sets the password, uses the link up
 * and ends the user's sessions in one transaction.
 */
export class SignInLinkService {
  constructor(private readonly deps: ClinicUserDeps) {}

  /** The gateway redeems an invitation: password set and link used up in one transaction. */
  async acceptInvitation(actor: Actor, input: AcceptInvite): Promise<VerifiedUser> {
    this.deps.accounts.assertGateway(actor);
    const passwordHash = await hashPassword(input.password);
    return this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const userId = await this.deps.tokens.redeem(manager, input.token, 'invite');
        const user = await this.deps.users.findById(userId, manager, true);
        if (!user || user.disabledAt) throw new AppError(410, ErrorCode.LINK_USED, Messages.linkUsed);
        await this.deps.users.update(user.id, { passwordHash, ...(input.name && { name: input.name }), lastLoginAt: new Date() }, manager);
        // Any link the user had is spent: the account has a password now.
        await this.deps.tokens.voidAll(manager, user.id);
        await bump(manager, user.id);
        const after = await this.deps.users.findById(user.id, manager);
        const verified = await this.deps.accounts.verified(after ?? user, manager);
        return {
          result: verified,
          audit: {
            action: 'update',
            entity: 'clinic_user',
            entityId: user.id,
            changes: { after: { email: user.email, invitation: 'accepted' } },
            names: { actor: user.email, ...(verified.clientName && { client: verified.clientName }) },
          },
        };
      }),
    );
  }

  /**
   * Mails a reset link to a clinic user. The same answer (and about the same time:
   * the e-mail goes out after it) whether or not the account exists.
   */
  async requestPasswordReset(actor: Actor, email: string, context: LinkContext): Promise<{ message: string }> {
    const { mailer } = this.deps;
    if (!mailer) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.passwordResetMailOff);
    const user = await this.deps.users.findByEmail(email);
    if (user && user.clientId !== null && !user.disabledAt) {
      const token = await this.deps.dataSource.transaction(async (manager) => {
        // One reset e-mail a minute per account: the public form cannot be used to flood someone's inbox.
        await this.deps.users.lockRow(user.id, manager);
        return (await this.deps.tokens.sentWithin(manager, user.id, 'reset', RESET_MAIL_INTERVAL_MS)) ? null : this.deps.tokens.issue(manager, user.id, 'reset');
      });
      if (!token) return { message: Messages.passwordResetRequested };
      const mail = resetMail(user.email, resetLink(linkOrigin(this.deps.publicBaseUrl, context), token));
      void mailer.send(mail).catch((err: unknown) => this.deps.log.error({ err, userId: user.id, requestId: actor.requestId }, 'password reset e-mail failed'));
    }
    return { message: Messages.passwordResetRequested };
  }

  async resetPassword(actor: Actor, input: PasswordReset): Promise<{ message: string }> {
    const passwordHash = await hashPassword(input.password);
    await this.deps.versions.guard((bump) =>
      auditedTransaction(this.deps.dataSource, actor, async (manager) => {
        const userId = await this.deps.tokens.redeem(manager, input.token, 'reset');
        const user = await this.deps.users.findById(userId, manager, true);
        if (!user || user.disabledAt) throw new AppError(410, ErrorCode.LINK_USED, Messages.linkUsed);
        await this.deps.users.update(user.id, { passwordHash }, manager);
        await this.deps.tokens.voidAll(manager, user.id);
        // A password change ends every session of the account.
        await bump(manager, user.id);
        return {
          result: null,
          audit: { action: 'update', entity: 'clinic_user', entityId: user.id, changes: { after: { email: user.email, password: 'reset' } }, names: { actor: user.email } },
        };
      }),
    );
    return { message: Messages.passwordChanged };
  }
}
