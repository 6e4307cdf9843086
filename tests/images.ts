/** A real 1×1 PNG (one pixel): small enough to inline, valid enough for a browser to show. */
export const TINY_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export function tinyPng(): Uint8Array {
  const bin = atob(TINY_PNG_BASE64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
