import * as Dialog from '@radix-ui/react-dialog';
import { routes, type GoogleAdsDisconnectResult } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Unplug } from 'lucide-react';
import { useState } from 'react';
import { api } from '../lib/api';
import { DialogFooter } from '../pages/DialogFooter';
import { useToast } from '../toast/toaster';

/**
 * Disconnect Google Ads: a labelled button and a confirmation
 * that says what stops; the ads service revokes the token at Google and
 * forgets it (audited). Every Google Ads screen's data is refetched after, so
 * none goes on saying "connected".
 */
export function DisconnectGoogleAds({ accountEmail }: { accountEmail: string | null }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: (): Promise<GoogleAdsDisconnectResult> => api.call(routes.disconnectGoogleAds, {}),
    onSuccess: async (result) => {
      setOpen(false);
      toast({
        title: 'Google Ads disconnected',
        description: result.revokedAtGoogle
          ? `${result.accountEmail ?? 'The account'} is no longer connected; Google revoked the platform’s access.`
          : `${result.accountEmail ?? 'The account'} is no longer connected here. Google could not confirm the revocation: remove the access in your Google account’s security settings.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'google-ads'] });
    },
    onError: (error) => toast({ title: 'Failed to disconnect Google Ads', description: error.message, variant: 'destructive' }),
  });
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !disconnect.isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <button type="button" className="adm-button adm-button--danger">
          <Unplug size={16} aria-hidden />
          Disconnect
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-overlay" />
        <Dialog.Content className="adm-dialog adm-dialog--narrow" role="alertdialog">
          <div className="adm-dialog__header">
            <Dialog.Title className="adm-dialog__title">Disconnect Google Ads?</Dialog.Title>
          </div>
          <div className="adm-dialog__body">
            <Dialog.Description className="adm-dialog__text">
              {accountEmail ? `${accountEmail} will be disconnected. ` : ''}Campaigns can no longer be tested with Google or launched, and booked leads are no longer
              reported to Google Ads as conversions, until an account is connected again. Campaigns already running in Google Ads keep running.
            </Dialog.Description>
            <DialogFooter action="Disconnect Google Ads" danger icon={<Unplug size={16} aria-hidden />} pending={disconnect.isPending} onAction={() => disconnect.mutate()} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
