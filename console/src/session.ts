const KEY = 'talent-directory.token';

/** The token the console and the IDE use, kept in this browser's local storage. */
export const storedToken = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string): void => localStorage.setItem(KEY, token),
  clear: (): void => localStorage.removeItem(KEY),
};

/** Whether this service offers development sign-in to this browser (development, on this machine). */
export async function devSignInOffered(): Promise<boolean> {
  const res = await fetch('/console/session').catch(() => null);
  if (!res?.ok) return false;
  return ((await res.json()) as { devSignIn?: boolean }).devSignIn === true;
}

/** A development administrator's token, acting in `org` when given. */
export async function devToken(org?: string): Promise<string> {
  const res = await fetch('/console/dev-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(org ? { org } : {}),
  });
  if (!res.ok) throw new Error(`development sign-in answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The claims of a token (not verified: only to show who is signed in). */
export function claimsOf(token: string): {
  email?: string;
  name?: string;
  org?: string;
  roles?: string[];
  exp?: number;
} {
  try {
    const part = token.split('.')[1] ?? '';
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as ReturnType<typeof claimsOf>;
  } catch {
    return {};
  }
}
