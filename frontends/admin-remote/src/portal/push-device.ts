import { PORTAL_SCOPE, routes, type PushSubscriptionInput } from '@hap/contracts';
import { api } from '../lib/api';
import { registration } from './portal-worker';

/**
 * This browser's side of pushes of new enquiries (docs/leads.md#delivery): the
 * portal's service worker (portal-worker.ts) and its push subscription, made with the VAPID public key tenant
 * hands out and stored by tenant for the signed-in user.
 */

/**
 * Whether this browser can get pushes at all. An iPhone's Safari can only once
 * the portal is added to the home screen and opened from there.
 */
export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as the browser wants it (base64url → bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This device's subscription, if it has one (no worker yet: none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration(PORTAL_SCOPE);
  return found ? found.pushManager.getSubscription() : null;
}

/**
 * Asks the person for notifications (a browser shows its own prompt), then
 * subscribes this device and hands the subscription to tenant. Throws with a
 * sentence to show when something is in the way.
 */
export async function subscribeThisDevice(): Promise<{ pushDevices: number }> {
  if (!pushSupported()) throw new Error('This browser cannot show notifications. On an iPhone, add the portal to your home screen first, then open it from there.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site: allow them in your browser’s settings, then try again.');
  const { publicKey } = await api.call(routes.getPushPublicKey, {});
  const worker = await registration();
  const subscription = (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return api.call(routes.addMyPushSubscription, { body: subscription.toJSON() as PushSubscriptionInput });
}

/** This device stops getting the user's pushes: unsubscribed here and forgotten by tenant. */
export async function unsubscribeThisDevice(): Promise<{ pushDevices: number } | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return api.call(routes.deleteMyPushSubscription, { body: { endpoint } });
}
