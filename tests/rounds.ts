// The workerd suite derives passwords' PBKDF2 at 1,000 rounds, whatever the code asks for (100,000). One hash at the
// real count is about 0.1 s of a core, and the suite makes or checks one at every registration and sign-in: over a
// thousand in a run, and the parallel sign-in tests timed out on a loaded machine. The code under test is unchanged
// (it asks for 100,000 and stores "$100000$"); auth.test.ts checks one stored hash against 100,000 real rounds, and
// the browser suite's server hashes every password at the real count (ADR 099).

/** The rounds every PBKDF2 derivation in the workerd suite runs, unless `withRealRounds` says otherwise. */
export const TEST_ROUNDS = 1_000;

type DeriveBits = SubtleCrypto["deriveBits"];
const ORIGINAL = Symbol.for("dalil.test.deriveBits");
const holder = globalThis as unknown as Record<symbol, DeriveBits | undefined>;
// the runtime's own derivation, kept once per process however often a test file's set-up runs
const real: DeriveBits = (holder[ORIGINAL] ??= crypto.subtle.deriveBits.bind(crypto.subtle));
let cheap = true;

/** Installs the cheap derivation (tests/setup.ts). */
export function useTestRounds() {
  crypto.subtle.deriveBits = ((algorithm, key, length) => {
    const a = algorithm as Pbkdf2Params;
    const cut = cheap && a.name === "PBKDF2" && a.iterations > TEST_ROUNDS;
    return real(cut ? { ...a, iterations: TEST_ROUNDS } : algorithm, key, length);
  }) as DeriveBits;
}

/** Runs `fn` with every derivation at the rounds the code asks for. */
export async function withRealRounds<T>(fn: () => Promise<T>): Promise<T> {
  cheap = false;
  try {
    return await fn();
  } finally {
    cheap = true;
  }
}

/** The runtime's PBKDF2-SHA256 at `iterations` rounds, untouched by the suite's cut. */
export async function realPbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await real({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256));
}
