/**
 * Whether two secrets (a webhook's token, a signature, a password's hash) are the same, in time that does not depend
 * on where they differ: the Workers runtime's `crypto.subtle.timingSafeEqual`. It throws on inputs of unequal length,
 * so the lengths are compared first (a length is no secret: each caller's expected one is public).
 */
export function sameSecret(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const x = typeof a === "string" ? new TextEncoder().encode(a) : a;
  const y = typeof b === "string" ? new TextEncoder().encode(b) : b;
  if (x.byteLength !== y.byteLength) return false;
  // the Workers runtime's own (the DOM's SubtleCrypto type, which tsconfig also loads, does not name it)
  return (
    crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }
  ).timingSafeEqual(x, y);
}
