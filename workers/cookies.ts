/**
 * The raw value of cookie `name` in a Cookie header (the first
 * one), or null when it is absent. Never decodes or throws.
 */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}
