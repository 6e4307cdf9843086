/**
 * A name's initials for an avatar: the first letter of its first two words, without the Arabic article («ضياء العكيلي»
 * → «ضع», not «ضا»; "Ali Al-Rashid" → "AR").
 */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => {
      const bare = w.replace(/^(?:ال|al-|el-)/i, "");
      return (bare.length >= 2 ? bare : w)[0];
    })
    .join("");
}
