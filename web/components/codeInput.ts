/** What every 6-digit code field takes: digits keyboard, the OS's one-time-code autofill, left-to-right, focused. */
export const CODE_INPUT = { inputMode: "numeric", autoComplete: "one-time-code", dir: "ltr", maxLength: 6, required: true, autoFocus: true } as const;
