// The profile's "Order notifications on this device" switch (docs/decisions/014-web-push.md):
// subscribes this browser with the shop's public key and posts the subscription to the /account
// action (authorizeDevice), or turns it off. Rendered only where the browser can receive pushes;
// a refused permission or a failed subscription changes nothing (docs/product/messages.md#error-shape: ignored).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useFetcher } from 'react-router';
import { PUSH_TOGGLE_LABEL } from '../../../common/validation/push';
import { PROFILE_ACTION, type IntentResult } from './useIntentForm';

const SERVICE_WORKER_URL = '/sw.js';

function canPush(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

// Read on every render; the server renders no switch (it cannot know the browser).
const noSubscription = () => () => {};
const useCanPush = () => useSyncExternalStore(noSubscription, canPush, () => false);
const usePermissionDenied = () =>
  useSyncExternalStore(noSubscription, () => canPush() && Notification.permission === 'denied', () => false);

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** This browser's subscription with the shop's current key, made if need be (after permission). */
async function subscribe(publicKey: string): Promise<PushSubscription | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing;
  // Made with another key (the shop's keys changed): a browser holds one subscription per worker.
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export function PushNotificationsToggle({ publicKey, endpoints }: { publicKey: string; endpoints: string[] }) {
  const fetcher = useFetcher<IntentResult>({ key: 'account-push' });
  const supported = useCanPush();
  const denied = usePermissionDenied();
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    if (!supported) return;
    navigator.serviceWorker
      .getRegistration('/')
      .then((registration) => registration?.pushManager.getSubscription() ?? null)
      .then(setSubscription)
      .catch(() => setSubscription(null));
  }, [supported]);

  if (!supported) return null;

  const posting = fetcher.formData?.get('enabled');
  const on = posting ? posting === 'on' : subscription !== null && endpoints.includes(subscription.endpoint);
  const busy = working || fetcher.state !== 'idle';

  const post = (enabled: 'on' | 'off', target: PushSubscription) =>
    fetcher.submit(
      { intent: 'push', enabled, registrationId: JSON.stringify(target) },
      { method: 'post', action: PROFILE_ACTION },
    );

  async function toggle() {
    setWorking(true);
    try {
      if (on) {
        if (subscription) {
          await post('off', subscription);
          await subscription.unsubscribe().catch(() => false);
        }
        setSubscription(null);
      } else {
        const made = await subscribe(publicKey);
        if (made) {
          setSubscription(made);
          await post('on', made);
        }
      }
    } catch {
      // Push setup failures are ignored (docs/product/messages.md#error-shape): the switch stays as it was.
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="mt-4 border-t border-gray-200 pt-4">
      <label className="flex cursor-pointer items-center justify-between gap-4">
        <span className="font-medium">{PUSH_TOGGLE_LABEL}</span>
        <input
          type="checkbox"
          role="switch"
          name="push"
          checked={on}
          disabled={busy || (denied && !on)}
          aria-describedby={denied && !on ? 'push-blocked' : undefined}
          onChange={() => void toggle()}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-6 w-11 shrink-0 rounded-full bg-gray-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-secondary-dark peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-secondary-dark peer-focus-visible:ring-offset-2 peer-disabled:opacity-60"
        />
      </label>
      {denied && !on ? (
        <p id="push-blocked" className="mt-1 text-sm text-gray-700">
          Notifications are blocked for this shop in your browser settings.
        </p>
      ) : null}
    </div>
  );
}
