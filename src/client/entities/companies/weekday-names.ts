import type { MessageKey } from '@/client/lib/i18n';
import type { Weekday } from '@/shared/week';

/** The days of a week by name, for the company page's hours and the owner's hours form. */
export const WEEKDAY_NAMES: Record<Weekday, MessageKey> = {
  monday: 'companies.weekday.monday',
  tuesday: 'companies.weekday.tuesday',
  wednesday: 'companies.weekday.wednesday',
  thursday: 'companies.weekday.thursday',
  friday: 'companies.weekday.friday',
  saturday: 'companies.weekday.saturday',
  sunday: 'companies.weekday.sunday',
};
