// Google sign-in in the browser, token model: Google Identity Services asks the user's consent in
// a popup and hands back an access token, which reads the profile that the server then checks.

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const PROFILE_URL = 'https://www.googleapis.com/oauth2/v3/userinfo';

// The few parts of Google Identity Services this app calls.
interface TokenResponse {
  access_token?: string;
  error?: string;
}
interface TokenClient {
  requestAccessToken(): void;
}
interface GoogleOAuth2 {
  initTokenClient(config: {
    client_id: string;
    scope: string;
    callback: (response: TokenResponse) => void;
    error_callback?: (error: { type: string }) => void;
  }): TokenClient;
}
declare global {
  interface Window {
    google?: { accounts?: { oauth2?: GoogleOAuth2 } };
  }
}

/** The user did not give consent, or Google's script or popup failed before any token. */
export class GoogleConsentError extends Error {
  override readonly name = 'GoogleConsentError';
}

let loading: Promise<GoogleOAuth2> | undefined;

/** Adds Google's script once, on demand; a failed load is forgotten so that the next try loads again. */
export function loadGoogleIdentity(): Promise<GoogleOAuth2> {
  loading ??= new Promise<GoogleOAuth2>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const oauth2 = window.google?.accounts?.oauth2;
      if (oauth2) resolve(oauth2);
      else reject(new GoogleConsentError('Google Identity Services loaded without oauth2'));
    };
    script.onerror = () => {
      script.remove();
      reject(new GoogleConsentError('Google Identity Services did not load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Opens Google's consent popup; resolves with the access token or rejects with GoogleConsentError. */
export async function requestGoogleAccessToken(clientId: string): Promise<string> {
  const oauth2 = await loadGoogleIdentity();
  return new Promise((resolve, reject) => {
    oauth2
      .initTokenClient({
        client_id: clientId,
        scope: 'openid email profile',
        callback: (response) => {
          if (response.access_token) resolve(response.access_token);
          else reject(new GoogleConsentError(response.error ?? 'Google returned no access token'));
        },
        // Popup blocked or closed: without this the promise would never settle.
        error_callback: (error) => {
          reject(new GoogleConsentError(error.type));
        },
      })
      .requestAccessToken();
  });
}

/** The profile Google shows for the token; passed on as it is, the server verifies it against Google. */
export async function fetchGoogleProfile(accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(PROFILE_URL, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`Google profile request failed with status ${response.status}`);
  // Google's userinfo answer is a JSON object.
  return (await response.json()) as Record<string, unknown>;
}
