import { ApiError, ErrorCode, Messages, MfaVerifySchema, type MfaVerify } from '@hap/contracts';
import { useMutation } from '@tanstack/react-query';
import { Fingerprint, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useToast } from '../toast/toaster';
import { errorAria, FormField } from './FormField';
import { passkeyErrorText } from './passkey-errors';

/**
 * A login's second step: the 6-digit code from the app, or a
 * recovery code instead; checked by the API's own schema. A challenge that
 * ended (five minutes, too many wrong codes) starts the login again.
 */
export function CodeStep<T>({
  challenge,
  verifyCode,
  onLoggedIn,
  onRestart,
}: {
  challenge: string;
  verifyCode: (input: MfaVerify) => Promise<T>;
  onLoggedIn: (result: T) => void;
  onRestart: () => void;
}) {
  const toast = useToast();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation({
    mutationFn: verifyCode,
    onSuccess: onLoggedIn,
    onError: (err) => {
      if (err instanceof ApiError && err.code === ErrorCode.MFA_CHALLENGE_EXPIRED) {
        toast({ title: 'Login failed', description: err.message, variant: 'destructive' });
        onRestart();
        return;
      }
      setError(err.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = MfaVerifySchema.safeParse({ challenge, code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    verify.mutate(parsed.data);
  };
  const id = 'admin-mfa-code';
  const label = recovery ? 'Recovery code' : 'Authentication code';
  return (
    <form className="adm-form" noValidate onSubmit={submit}>
      <FormField id={id} label={label} error={error}>
        <input
          id={id}
          key={label}
          className="adm-input"
          autoFocus
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          placeholder={recovery ? 'xxxxx-xxxxx-xxxxx-xxxxx' : '123456'}
          value={code}
          {...errorAria(`${id}`, error)}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <button type="submit" className="adm-button adm-button--primary adm-button--block" disabled={verify.isPending || verify.isSuccess}>
        {verify.isPending && <LoaderCircle className="adm-spin" size={16} aria-hidden />}
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </button>
      <p className="adm-login__footer">
        <button
          type="button"
          className="adm-login__switch"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
          }}
        >
          {recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </button>
      </p>
    </form>
  );
}

/** The second step with a passkey: the same challenge as a code; one that ended starts the login again. */
export function PasskeyStep<T>({
  challenge,
  verifyPasskey,
  onLoggedIn,
  onRestart,
}: {
  challenge: string;
  verifyPasskey: (challenge: string) => Promise<T>;
  onLoggedIn: (result: T) => void;
  onRestart: () => void;
}) {
  const toast = useToast();
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation({
    mutationFn: verifyPasskey,
    onSuccess: onLoggedIn,
    onError: (err) => {
      if (err instanceof ApiError && err.code === ErrorCode.MFA_CHALLENGE_EXPIRED && err.message === Messages.mfaChallengeExpired) {
        toast({ title: 'Login failed', description: err.message, variant: 'destructive' });
        onRestart();
        return;
      }
      setError(passkeyErrorText(err));
    },
  });
  return (
    <div className="adm-form">
      {error && (
        <p className="adm-field__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="adm-button adm-button--secondary adm-button--block"
        disabled={verify.isPending || verify.isSuccess}
        onClick={() => verify.mutate(challenge)}
      >
        {verify.isPending ? <LoaderCircle className="adm-spin" size={16} aria-hidden /> : <Fingerprint size={16} aria-hidden />}
        {verify.isPending ? 'Waiting for your passkey...' : 'Use a passkey'}
      </button>
    </div>
  );
}
