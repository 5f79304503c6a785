// 'Login with Facebook': uses the Facebook JS SDK only when the shop configures an app id
// (FACEBOOK_APP_ID). By default no external script is loaded (the CSP allows none), so the
// button shows disabled with a note. Failures open the 'Facebook Login Failed' dialog.
import { useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import type { AuthActionData } from '../../routes/auth';
import { AccountDialog } from './AccountDialog';

type FacebookSdk = {
  init: (options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }) => void;
  login: (
    callback: (response: { authResponse?: { accessToken: string } | null; status?: string }) => void,
    options?: { scope: string },
  ) => void;
};

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
const SDK_VERSION = 'v19.0';

function loadSdk(appId: string): Promise<FacebookSdk> {
  if (window.FB) return Promise.resolve(window.FB);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => {
      if (!window.FB) return reject(new Error('Facebook SDK missing'));
      window.FB.init({ appId, version: SDK_VERSION, cookie: false, xfbml: false });
      resolve(window.FB);
    };
    script.onerror = () => reject(new Error('Facebook SDK failed to load'));
    document.head.appendChild(script);
  });
}

/** docs/product/messages.md#sign-up-login-reset: the server message with brackets and quotes stripped. */
export function cleanFacebookMessage(message: string): string {
  return message.replace(/[[\]{}"'`]/g, '').trim();
}

export function FacebookLoginButton({ appId, referralCode }: { appId: string | null; referralCode: string }) {
  const fetcher = useFetcher<AuthActionData>({ key: 'auth-facebook' });
  const location = useLocation();
  const [sdkFailure, setSdkFailure] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const serverData = fetcher.state === 'idle' && fetcher.data?.intent === 'facebook' ? fetcher.data : null;

  const serverFailure = serverData && !serverData.ok && dismissed !== serverData ? serverData.message : null;
  const failure = sdkFailure ?? (serverFailure ? cleanFacebookMessage(serverFailure) : null);

  if (!appId) {
    return (
      <div className="mt-3">
        <button type="button" className="btn w-full bg-[#1877f2] text-white" disabled aria-describedby="facebook-note">
          Login with Facebook
        </button>
        <p id="facebook-note" className="mt-1 text-center text-xs text-gray-700">
          Facebook login is not available on this shop yet.
        </p>
      </div>
    );
  }

  const login = async () => {
    try {
      const sdk = await loadSdk(appId);
      sdk.login(
        (response) => {
          const accessToken = response.authResponse?.accessToken;
          if (!accessToken) return setSdkFailure('Unable to login with Facebook');
          fetcher.submit(
            { intent: 'facebook', accessToken, referralCode, reloadTo: `${location.pathname}${location.search}` },
            { method: 'post', action: '/auth' },
          );
        },
        { scope: 'email' },
      );
    } catch {
      setSdkFailure('Unable to login with Facebook');
    }
  };

  return (
    <div className="mt-3">
      <button
        type="button"
        className="btn w-full bg-[#1877f2] text-white hover:bg-[#0f5fc7]"
        disabled={fetcher.state !== 'idle'}
        onClick={() => void login()}
      >
        Login with Facebook
      </button>
      <AccountDialog
        open={failure !== null}
        onOpenChange={(open) => {
          if (open) return;
          setSdkFailure(null);
          setDismissed(serverData);
        }}
        title="Facebook Login Failed"
        description={failure ?? ''}
        showDescription
      />
    </div>
  );
}
