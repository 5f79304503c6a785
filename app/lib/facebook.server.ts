// Facebook login is on only when the shop sets FACEBOOK_APP_ID and FACEBOOK_APP_SECRET (the
// server verifies tokens with the secret) and allows the SDK's origin, https://connect.facebook.net,
// in the CSP; otherwise the button shows disabled.
export function facebookAppId(): string | null {
  const id = process.env.FACEBOOK_APP_ID?.trim();
  return id && /^\d+$/.test(id) && process.env.FACEBOOK_APP_SECRET ? id : null;
}
