/** The user as the API answers it, and the profile update call. */
import { z } from 'zod';
import { PHONE_MIN_LENGTH } from '../constants';
import { isLanguage } from '../i18n/languages';
import { emailField, requiredText } from './common';

export const UserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  emailNotifications: z.boolean(),
  emailNotificationsQuotes: z.boolean(),
  emailNotificationsMessages: z.boolean(),
  textNotifications: z.boolean(),
  textNotificationsQuotes: z.boolean(),
  textNotificationsMessages: z.boolean(),
  /** A company owner's weekly mail of their companies' figures (sent only while e-mail is on). */
  emailWeeklySummary: z.boolean(),
  /** The language the user reads the site and their mails in; null: the operator's default. */
  language: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const PHONE_REQUIRED = 'Valid phone number is required';
export const LANGUAGE_REQUIRED = 'Choose one of the languages this site offers';

export const phoneField = z
  .string({ error: PHONE_REQUIRED })
  .trim()
  .min(PHONE_MIN_LENGTH, PHONE_REQUIRED)
  .max(30, PHONE_REQUIRED)
  .regex(/^[0-9+()\-.\s]+$/, PHONE_REQUIRED);

export const NOTIFICATION_FLAGS = [
  'emailNotifications',
  'emailNotificationsQuotes',
  'emailNotificationsMessages',
  'textNotifications',
  'textNotificationsQuotes',
  'textNotificationsMessages',
  'emailWeeklySummary',
] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];

/** PUT /api/users/{id} by the user themself: names, phone and notification flags, all optional. */
export const UpdateOwnUserBodySchema = z.object({
  firstName: requiredText('First name is required', 100).optional(),
  lastName: requiredText('Last name is required', 100).optional(),
  /** null or '' removes the number (and with it text notifications). */
  phoneNumber: z.union([phoneField, z.literal(''), z.null()]).optional(),
  emailNotifications: z.boolean().optional(),
  emailNotificationsQuotes: z.boolean().optional(),
  emailNotificationsMessages: z.boolean().optional(),
  textNotifications: z.boolean().optional(),
  textNotificationsQuotes: z.boolean().optional(),
  textNotificationsMessages: z.boolean().optional(),
  emailWeeklySummary: z.boolean().optional(),
  /** A shipped language's code (the service also holds it to those offered); null: the operator's default. */
  language: z.string({ error: LANGUAGE_REQUIRED }).refine(isLanguage, LANGUAGE_REQUIRED).nullable().optional(),
});
export type UpdateOwnUserBody = z.infer<typeof UpdateOwnUserBodySchema>;

/** PUT /api/users/{id}: an administrator may also change the e-mail address. */
export const UpdateUserBodySchema = UpdateOwnUserBodySchema.extend({ email: emailField().optional() });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** The SMS-enabling dialog: a phone of 10+ characters and the terms box (consent to texts). */
export const SmsEnableFormSchema = z.object({
  phoneNumber: phoneField,
  terms: z.literal(true, { error: 'You must agree to receive text messages' }),
});
export type SmsEnableForm = z.infer<typeof SmsEnableFormSchema>;

/** The profile's details form: names required, phone optional. */
export const ProfileDetailsFormSchema = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  phoneNumber: z.union([phoneField, z.literal('')]),
});
export type ProfileDetailsForm = z.infer<typeof ProfileDetailsFormSchema>;
