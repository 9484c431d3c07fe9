import { passkeyName, RegistrationCredentialSchema, sessionRoutes, type Passkey } from '@hap/contracts';
import { startRegistration, browserSupportsWebAuthn, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { api } from '../lib/api';
import { useToast } from '../toast/toaster';
import { errorAria, FormField } from './FormField';
import { passkeyErrorText } from './passkey-errors';
import { needsRecentSignIn, RecentSignIn, type SignInAgain } from './RecentSignIn';

export const PASSKEYS_KEY = ['auth', 'passkeys'] as const;

const dateOf = (iso: string) => new Date(iso).toLocaleDateString();

/**
 * Passkeys on the Security screen: add one (named, stored on
 * this device or a phone or security key), see when each was added and last
 * used, remove one. A passkey is a second factor at sign-in and lets the
 * user sign in without a password. Adding or removing one re-issues this
 * session (other sessions end).
 */
export function PasskeysCard({ onChanged, signInAgain }: { onChanged?: (count: number) => void; signInAgain?: SignInAgain }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => api.call(sessionRoutes.listPasskeys, {}, { signal }) });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const supported = browserSupportsWebAuthn();

  const add = useMutation({
    mutationFn: async (chosen: string) => {
      const options = await api.call(sessionRoutes.passkeyRegistrationOptions, {});
      const credential = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      return api.call(sessionRoutes.addPasskey, { body: { name: chosen, credential: RegistrationCredentialSchema.parse(credential) } });
    },
    onSuccess: async (passkey) => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      toast({ title: 'Passkey added', description: `“${passkey.name}” can now sign you in.` });
      onChanged?.((list.data?.passkeys.length ?? 0) + 1);
    },
    onError: (err) => {
      if (!needsRecentSignIn(err)) setError(passkeyErrorText(err));
    },
  });
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => api.call(sessionRoutes.removePasskey, { params: { id: passkey.id } }),
    onSuccess: (result, passkey) => {
      queryClient.setQueryData(PASSKEYS_KEY, result);
      toast({ title: 'Passkey removed', description: `“${passkey.name}” no longer signs you in.` });
      onChanged?.(result.passkeys.length);
    },
    onError: (err) => toast({ title: 'Could not remove the passkey', description: err.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyName().safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate(parsed.data);
  };

  const passkeys = list.data?.passkeys ?? [];
  return (
    <section className="adm-card sec-card" aria-labelledby="sec-passkeys-title">
      <h2 id="sec-passkeys-title" className="sec-card__title">
        <Fingerprint size={18} aria-hidden /> Passkeys
      </h2>
      <p>
        A passkey signs you in with your device’s fingerprint, face or PIN instead of a code, and can sign you in without your password. It counts as
        two-factor sign-in.
      </p>
      {list.isError && <p role="alert">{list.error.message}</p>}
      {passkeys.length > 0 && (
        <ul className="sec-passkeys" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="sec-passkey">
              <span>
                <strong>{passkey.name}</strong>
                <span className="sec-muted">
                  Added {dateOf(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${dateOf(passkey.lastUsedAt)}` : 'not used yet'}
                </span>
              </span>
              <button
                type="button"
                className="adm-button adm-button--secondary"
                aria-label={`Remove passkey ${passkey.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(passkey)}
              >
                <Trash2 size={16} aria-hidden /> Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {needsRecentSignIn(add.error) && <RecentSignIn error={add.error} signInAgain={signInAgain} />}
      {supported ? (
        <form className="adm-form sec-setup" noValidate onSubmit={submit}>
          <FormField id="passkey-name" label="Passkey name" error={error}>
            <input
              id="passkey-name"
              className="adm-input"
              placeholder="Work laptop"
              value={name}
              {...errorAria('passkey-name', error)}
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <button type="submit" className="adm-button adm-button--primary" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
          </button>
        </form>
      ) : (
        <p className="sec-muted">This browser cannot use passkeys.</p>
      )}
    </section>
  );
}
