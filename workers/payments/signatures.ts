/**
 * The two proofs the gateways sign with, on WebCrypto alone: ZainCash's HS256 JWT (the algorithm pinned: a token
 * naming any other, "none" included, is refused before its signature is read) and Qi Card's RSA-SHA256 signature.
 */
const utf8 = new TextEncoder();

export function base64UrlDecode(s: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error("not base64url");
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

const jsonPart = (s: string): unknown => JSON.parse(new TextDecoder().decode(base64UrlDecode(s)));

/**
 * The claims of an HS256 JWT signed with `secret`, or a thrown reason: a malformed token, another algorithm, a bad
 * signature, or a token past its `exp` (seconds) at `nowMs`.
 */
export async function verifyHs256(token: string, secret: string, nowMs: number): Promise<Record<string, unknown>> {
  const parts = token.split(".");
  if (parts.length !== 3 || !secret) throw new Error("malformed token");
  const header = jsonPart(parts[0]) as { alg?: unknown; typ?: unknown };
  if (header?.alg !== "HS256") throw new Error(`algorithm ${String(header?.alg)} refused`);
  const key = await crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "verify",
  ]);
  const ok = await crypto.subtle.verify("HMAC", key, base64UrlDecode(parts[2]), utf8.encode(`${parts[0]}.${parts[1]}`));
  if (!ok) throw new Error("bad signature");
  const claims = jsonPart(parts[1]);
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) throw new Error("claims are not an object");
  const exp = (claims as { exp?: unknown }).exp;
  if (typeof exp === "number" && exp * 1000 < nowMs) throw new Error("token expired");
  return claims as Record<string, unknown>;
}

const publicKeys = new Map<string, Promise<CryptoKey>>();

/** A PEM public key (SubjectPublicKeyInfo), imported once per isolate for RSASSA-PKCS1-v1_5 with SHA-256. */
function rsaPublicKey(pem: string): Promise<CryptoKey> {
  let key = publicKeys.get(pem);
  if (!key) {
    // a secret set with its line breaks written as "\n" is the same key
    const body = pem
      .replace(/\\n/g, "\n")
      .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "")
      .replace(/\s+/g, "");
    const der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
    key = crypto.subtle.importKey("spki", der, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
    key.catch(() => publicKeys.delete(pem));
    publicKeys.set(pem, key);
  }
  return key;
}

/** Whether `signatureB64` (standard base64) is `publicKeyPem`'s RSA-SHA256 signature of `text`. */
export async function verifyRsaSha256(text: string, signatureB64: string, publicKeyPem: string): Promise<boolean> {
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = Uint8Array.from(atob(signatureB64.trim()), (c) => c.charCodeAt(0));
  } catch {
    return false;
  }
  return crypto.subtle.verify("RSASSA-PKCS1-v1_5", await rsaPublicKey(publicKeyPem), signature, utf8.encode(text));
}
