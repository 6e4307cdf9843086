/**
 * The way back (`redirectTo`) and why the person came (`reason`), kept between signing in and signing up.
 */
export function keepWayBack(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ["redirectTo", "reason"]) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}
