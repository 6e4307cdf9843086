import { z } from "zod";
import { normalizeDigits } from "../text/normalize";
import { oneLine } from "../text/oneLine";
import { normalizeIraqiPhone } from "../text/phone";
import { normalizeResetCode, RESET_CODE_LENGTH } from "./tokens";

/**
 * One set of schemas for the register/login forms, the JSON API and the bots.
 * Messages are translation keys (validation.*); the edge shows them in the user's language.
 */

/** A person's name: one line, 2 to 100 characters. */
const personName = () =>
  z
    .string({ error: "validation.required" })
    .transform(oneLine)
    .pipe(z.string().min(2, { error: "validation.nameMin" }).max(100, { error: "validation.nameMax" }));

/** A phone as typed (07…, 7…, 00964…, +964…, spaces, Arabic-Indic digits) → E.164, or the given message. */
export const phoneField = (tooShortKey: string, invalidKey = tooShortKey, min = 10) =>
  z
    .string({ error: tooShortKey })
    .transform((s) => normalizeDigits(s).trim())
    .pipe(z.string().min(min, { error: tooShortKey }))
    .transform((s, ctx) => {
      const e164 = normalizeIraqiPhone(s);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: invalidKey });
        return z.NEVER;
      }
      return e164;
    });

/** The passwords people try first; refused at registration and password change. */
const COMMON_PASSWORDS = new Set([
  "123456",
  "1234567",
  "12345678",
  "123456789",
  "1234567890",
  "111111",
  "000000",
  "123123",
  "654321",
  "password",
  "password1",
  "qwerty",
  "qwerty123",
  "abc123",
  "iloveyou",
  "112233",
  "121212",
  "666666",
  "777777",
  "999999",
  "987654321",
  "11223344",
  "qwertyuiop",
  "1q2w3e",
  "1q2w3e4r",
  "aaaaaa",
  "asdfgh",
  "zxcvbn",
  "iraq123",
  "baghdad",
  "07701234567",
  "dalil123",
  "dalil",
]);

export const passwordField = z
  .string({ error: "validation.passwordMin" })
  .min(6, { error: "validation.passwordMin" })
  .max(200, { error: "validation.passwordMax" });

export const newPasswordField = passwordField.refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), {
  error: "validation.passwordCommon",
});

export const USER_TYPES = ["customer", "provider"] as const;

export const registerSchema = z
  .object({
    name: personName(),
    phone: phoneField("validation.phoneMin", "validation.phoneMin", 8),
    password: newPasswordField,
    confirmPassword: z.string({ error: "validation.passwordsDontMatch" }),
    userType: z.enum(USER_TYPES, { error: "validation.accountType" }),
    jobTitle: z.string().trim().max(100).optional(),
    location: z.string().trim().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordsDontMatch" });
    }
    if (v.userType === "provider") {
      if ((v.jobTitle ?? "").length < 2)
        ctx.addIssue({ code: "custom", path: ["jobTitle"], message: "validation.providerFields" });
      if ((v.location ?? "").length < 2)
        ctx.addIssue({ code: "custom", path: ["location"], message: "validation.providerFields" });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  phone: phoneField("validation.loginPhone"),
  password: z
    .string({ error: "validation.passwordMin" })
    .min(6, { error: "validation.passwordMin" })
    .max(200, { error: "validation.passwordMax" }),
});

export const sendCodeSchema = z.object({ phone: phoneField("validation.loginPhone").optional() });

export const verifyPhoneSchema = z.object({
  phone: phoneField("validation.loginPhone").optional(),
  verificationCode: z
    .string({ error: "validation.codeFormat" })
    .transform((s) => normalizeDigits(s).replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{12}$/, { error: "validation.codeFormat" })),
});

/** Forgot password, step 1: the phone (the answer is the same whether it has an account or not). */
export const resetStartSchema = z.object({ phone: phoneField("validation.loginPhone") });

/** Forgot password, step 2: the reset code the number received (15 characters), and the new password twice. */
export const resetFinishSchema = z
  .object({
    // the code alone names the account; a phone sent with it (the page keeps it) must be that account's
    phone: phoneField("validation.loginPhone").optional(),
    verificationCode: z
      .string({ error: "validation.resetCodeFormat" })
      .transform(normalizeResetCode)
      .pipe(z.string().regex(new RegExp(`^[0-9A-Z]{${RESET_CODE_LENGTH}}$`), { error: "validation.resetCodeFormat" })),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "validation.passwordsDontMatch" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    error: "validation.passwordsDontMatch",
  });

export const updateProfileSchema = z.object({
  name: personName(),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "validation.currentPassword" }).min(1, { error: "validation.currentPassword" }),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "validation.passwordsDontMatch" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    error: "validation.passwordsDontMatch",
  });
