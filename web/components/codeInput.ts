/**
 * What every 12-digit code field takes: digits keyboard, the OS's one-time-code autofill, left-to-right, focused (room
 * for the spaces of "4827 1935 0621").
 */
export const CODE_INPUT = {
  inputMode: "numeric",
  autoComplete: "one-time-code",
  dir: "ltr",
  maxLength: 20,
  required: true,
  autoFocus: true,
} as const;

/** The reset code's field: 15 letters and digits, pasted or typed, any case, dashes and spaces allowed. */
export const RESET_CODE_INPUT = {
  autoComplete: "one-time-code",
  autoCapitalize: "characters",
  spellCheck: false,
  dir: "ltr",
  maxLength: 24,
  required: true,
  autoFocus: true,
} as const;
