// Account forms, shared by the React pages and the JSON API. Pure: no I/O.
import { z } from "zod";

export const PASSWORD_MIN = 6;

export const emailField = z.string().trim().toLowerCase().min(1).max(254).pipe(z.email());
export const passwordField = z.string().min(PASSWORD_MIN).max(200);
export const nameField = z.string().trim().min(1).max(100);

export const registerSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
});

export const loginSchema = z.object({
  email: emailField,
  // Any non-empty password is checked against the hash; length rules apply only when setting one.
  password: z.string().min(1).max(200),
});

export const forgotPasswordSchema = z.object({ email: emailField });

/** A new password set for an account by the machine's owner (the CLI's user:password). */
export const setPasswordSchema = z.object({ email: emailField, password: passwordField });

const confirmed = (data: { password: string; password_confirmation: string }) =>
  data.password === data.password_confirmation;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: passwordField,
    password_confirmation: z.string(),
  })
  .refine(confirmed, { message: "validation:confirmed", path: ["password_confirmation"] });

export const updateProfileSchema = z.object({ name: nameField });

export const changeEmailSchema = z.object({
  email: emailField,
  current_password: z.string().min(1).max(200),
  sign_out_others: z.boolean().default(true),
});

export const changePasswordSchema = z
  .object({
    current_password: z.string().min(1).max(200),
    password: passwordField,
    password_confirmation: z.string(),
    sign_out_others: z.boolean().default(true),
  })
  .refine(confirmed, { message: "validation:confirmed", path: ["password_confirmation"] });

export const notificationsSchema = z.object({
  product_updates: z.boolean(),
  community_replies: z.boolean(),
});

export type NotificationPreferences = z.infer<typeof notificationsSchema> & { community_topics: number[] };

export const defaultNotifications: NotificationPreferences = {
  product_updates: true,
  community_replies: true,
  community_topics: [],
};
