/**
 * Where to go after logging in: only a path of this site (one leading "/"), never another host
 * ("//evil.example", "/\\evil.example", "https://…"), and never back to an account page.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and back-slashes can be read as another host by some browsers.
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  const path = value.split(/[?#]/)[0]!;
  if (
    /^\/(?:[A-Z0-9]{4,16}\/)?(?:login|signup|email_confirmation|forgot_password|password_reset|logout_success)(?:\/|$)/.test(path)
  )
    return null;
  return value;
}
