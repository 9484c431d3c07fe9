import {
  AcceptInviteSchema,
  ApiError,
  ErrorCode,
  Messages,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  sessionRoutes,
  type PasswordResetRequest,
} from '@hap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LoaderCircle, MailCheck, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../auth/LoginScreen';
import { FormField, InputField } from '../auth/FormField';
import { api } from '../lib/api';
// The route table comes with the call: these pages' module is in the portal login's script (lib/lazy-routes.ts).
import { routeOf } from '../lib/lazy-routes';
import { useDocumentTitle } from '../lib/use-document-title';
import { useToast } from '../toast/toaster';
import { PORTAL_AUTH_KEY, linkTokenOf, portalTitle } from './portal-auth';

/*
 * The portal's pages reached from an e-mailed link: accepting
 * an invitation, choosing a new password, and asking for that link. The
 * link's token travels in the fragment; the API's own schemas check the form.
 */

/** The password twice: the API's rule for the password, and both the same. */
const confirmed = <T extends z.ZodObject<{ password: z.ZodString }>>(schema: T) =>
  schema
    .extend({ confirm: z.string() })
    .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'The passwords do not match' });

const AcceptFormSchema = confirmed(AcceptInviteSchema.omit({ token: true }));
const ResetFormSchema = confirmed(PasswordResetSchema.omit({ token: true }));
/** Both forms' fields (the reset has no name). */
interface PasswordForm {
  name?: string;
  password: string;
  confirm: string;
}

/** A link whose token is gone, used or expired: say so, and where to go instead. */
function LinkProblem({ message }: { message: string }) {
  return (
    <>
      <p className="adm-login__message adm-login__message--danger" role="alert">
        {message}
      </p>
      <p className="adm-login__footer">
        <Link to="/portal/login">Go to the portal login</Link>
      </p>
    </>
  );
}

/** What a refused link says: the server's words for used and expired links, a general one otherwise. */
const linkRefusal = (error: Error) =>
  error instanceof ApiError && (error.code === ErrorCode.LINK_USED || error.code === ErrorCode.LINK_EXPIRED || error.status === 400 || error.status === 410)
    ? error.message
    : null;

function PasswordFields({ form, withName }: { form: UseFormReturn<PasswordForm>; withName: boolean }) {
  const { errors } = form.formState;
  return (
    <>
      {withName && (
        <FormField id="portal-name" label="Your name" error={errors.name?.message}>
          <input id="portal-name" className="adm-input" autoComplete="name" {...form.register('name')} />
        </FormField>
      )}
      <InputField
        id="portal-password"
        label="Password"
        error={errors.password}
        hint="portal-password-hint"
        type="password"
        autoComplete="new-password"
        {...form.register('password')}
      />
      <p id="portal-password-hint" className="adm-field__hint">
        At least 12 characters. A few unrelated words make a strong one.
      </p>
      <InputField
        id="portal-confirm"
        label="Confirm password"
        error={errors.confirm}
        type="password"
        autoComplete="new-password"
        {...form.register('confirm')}
      />
    </>
  );
}

function SubmitButton({ pending, idle, busy }: { pending: boolean; idle: string; busy: string }) {
  return (
    <button type="submit" className="adm-button adm-button--primary adm-button--block" disabled={pending}>
      {pending && <LoaderCircle className="adm-spin" size={16} aria-hidden />}
      {pending ? busy : idle}
    </button>
  );
}

/** `/portal/accept-invite#token=…`: a name and a password, then straight into the portal. */
export function AcceptInvitePage() {
  useDocumentTitle(portalTitle('Accept your invitation'));
  const token = linkTokenOf(useLocation().hash);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm<PasswordForm>({ resolver: zodResolver(AcceptFormSchema), defaultValues: { name: '', password: '', confirm: '' } });
  const accept = useMutation({
    mutationFn: ({ name, password }: PasswordForm) => api.call(sessionRoutes.acceptInvite, { body: { token, password, name: name || undefined } }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(PORTAL_AUTH_KEY, user);
      toast({ title: 'Welcome aboard', description: `Your account at ${user.clientName} is ready.` });
      navigate('/portal/leads', { replace: true });
    },
    onError: (error) => {
      if (!linkRefusal(error)) toast({ title: 'Could not accept the invitation', description: error.message, variant: 'destructive' });
    },
  });
  const refused = accept.error ? linkRefusal(accept.error) : null;
  return (
    <AuthCard title="Accept your invitation" subtitle="Choose the password you will sign in with." icon={<UserPlus size={20} />}>
      {!token ? (
        <LinkProblem message={Messages.linkInvalid} />
      ) : refused ? (
        <LinkProblem message={refused} />
      ) : (
        <form className="adm-form" noValidate onSubmit={form.handleSubmit((values) => accept.mutate(values))}>
          <PasswordFields form={form} withName />
          <SubmitButton pending={accept.isPending || accept.isSuccess} idle="Create my account" busy="Creating your account..." />
        </form>
      )}
    </AuthCard>
  );
}

/** `/portal/reset-password#token=…`: a new password; every session of the account ends. */
export function ResetPasswordPage() {
  useDocumentTitle(portalTitle('Choose a new password'));
  const token = linkTokenOf(useLocation().hash);
  const form = useForm<PasswordForm>({ resolver: zodResolver(ResetFormSchema), defaultValues: { password: '', confirm: '' } });
  const reset = useMutation({
    mutationFn: ({ password }: PasswordForm) => routeOf('resetPassword').then((route) => api.call(route, { body: { token, password } })),
  });
  const refused = reset.error ? linkRefusal(reset.error) : null;
  let body: ReactNode;
  if (!token) body = <LinkProblem message={Messages.linkInvalid} />;
  else if (refused) body = <LinkProblem message={refused} />;
  else if (reset.isSuccess)
    body = (
      <>
        <p className="adm-login__message" role="status">
          {reset.data.message}
        </p>
        <p className="adm-login__footer">
          <Link to="/portal/login">Sign in</Link>
        </p>
      </>
    );
  else
    body = (
      <form className="adm-form" noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
        {reset.error && (
          <p className="adm-login__message adm-login__message--danger" role="alert">
            {reset.error.message}
          </p>
        )}
        <PasswordFields form={form} withName={false} />
        <SubmitButton pending={reset.isPending} idle="Change my password" busy="Changing your password..." />
      </form>
    );
  return (
    <AuthCard title="Choose a new password" subtitle="Your other sessions end when it changes." icon={<KeyRound size={20} />}>
      {body}
    </AuthCard>
  );
}

/** `/portal/forgot-password`: the same answer whether or not the address has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle(portalTitle('Forgot your password'));
  const form = useForm<PasswordResetRequest>({ resolver: zodResolver(PasswordResetRequestSchema), defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: (body: PasswordResetRequest) => routeOf('requestPasswordReset').then((route) => api.call(route, { body })),
  });
  const { errors } = form.formState;
  return (
    <AuthCard title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one." icon={<MailCheck size={20} />}>
      {request.isSuccess ? (
        <p className="adm-login__message" role="status">
          {request.data.message}
        </p>
      ) : (
        <form
          className="adm-form"
          noValidate
          onSubmit={form.handleSubmit((values) => request.mutate(values))}
        >
          {request.error && (
            <p className="adm-login__message adm-login__message--danger" role="alert">
              {request.error.message}
            </p>
          )}
          <InputField
            id="portal-reset-email"
            label="Email"
            error={errors.email}
            type="email"
            autoComplete="username"
            {...form.register('email')}
          />
          <SubmitButton pending={request.isPending} idle="Send the link" busy="Sending..." />
        </form>
      )}
      <p className="adm-login__footer">
        <Link to="/portal/login">Back to the login</Link>
      </p>
    </AuthCard>
  );
}
