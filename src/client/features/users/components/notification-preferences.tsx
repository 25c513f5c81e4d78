import { useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Switch } from '@/client/components/ui/switch';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { NotificationFlag, User } from '@/shared/schemas/user';
import { useUpdateProfile } from '../api/update-profile';
import { SmsEnableDialog } from './sms-enable-dialog';

function ToggleRow(props: {
  id: string;
  label: string;
  /** Read before the label by screen readers, so that two 'Messages' switches differ. */
  group?: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  nested?: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className={`flex items-center justify-between gap-4 py-2 ${props.nested ? 'ps-6' : ''}`}>
      <div>
        <label htmlFor={props.id} className={`text-sm ${props.nested ? 'text-slate-700' : 'font-medium text-slate-900'}`}>
          {props.group && <span className="sr-only">{props.group} </span>}
          {props.label}
        </label>
        {props.description && <p className="text-xs text-slate-600">{props.description}</p>}
      </div>
      <Switch id={props.id} checked={props.checked} disabled={props.disabled} onCheckedChange={props.onChange} />
    </div>
  );
}

/**
 * E-mail and text switches with their sub-switches (a parent switch turned off takes its
 * sub-switches with it). The weekly summary is of one's companies, so only owners see its switch.
 */
export function NotificationPreferences({ user, ownsCompanies }: { user: User; ownsCompanies: boolean }) {
  const t = useT();
  const translateText = useTranslateText();
  const update = useUpdateProfile();
  const [phoneDialogOpen, setPhoneDialogOpen] = useState(false);
  const uid = useId();

  const save = async (changes: Partial<Record<NotificationFlag, boolean>> & { phoneNumber?: string }) => {
    try {
      await update.mutateAsync({ id: user.id, ...changes });
      return true;
    } catch (error) {
      notify.error(
        t('users.notifications.saveFailedTitle'),
        translateText(errorMessage(error, t('users.notifications.tryAgain'))),
      );
      return false;
    }
  };

  const setFlag = (flag: NotificationFlag, value: boolean) => {
    if (flag === 'textNotifications' && value && !user.phoneNumber) {
      setPhoneDialogOpen(true);
      return;
    }
    // A parent turned off takes its sub-switches with it; turned on, it starts with both on.
    if (flag === 'emailNotifications') {
      void save({ emailNotifications: value, emailNotificationsQuotes: value, emailNotificationsMessages: value });
    } else if (flag === 'textNotifications') {
      void save({ textNotifications: value, textNotificationsQuotes: value, textNotificationsMessages: value });
    } else {
      void save({ [flag]: value });
    }
  };

  const busy = update.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.notifications.title')}</CardTitle>
        <CardDescription>{t('users.notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y divide-slate-100">
        <div>
          <ToggleRow
            id={`${uid}-email`}
            label={t('users.notifications.email')}
            checked={user.emailNotifications}
            disabled={busy}
            onChange={(v) => setFlag('emailNotifications', v)}
          />
          <ToggleRow
            id={`${uid}-email-quotes`}
            nested
            group={t('users.notifications.emailGroup')}
            label={t('users.notifications.quoteRequests')}
            checked={user.emailNotificationsQuotes}
            disabled={busy || !user.emailNotifications}
            onChange={(v) => setFlag('emailNotificationsQuotes', v)}
          />
          <ToggleRow
            id={`${uid}-email-messages`}
            nested
            group={t('users.notifications.emailGroup')}
            label={t('users.notifications.messages')}
            checked={user.emailNotificationsMessages}
            disabled={busy || !user.emailNotifications}
            onChange={(v) => setFlag('emailNotificationsMessages', v)}
          />
          {/* Kept apart from the e-mail switch: turning e-mail off pauses it, turning it on again
              brings back the owner's own choice. */}
          {ownsCompanies && (
            <ToggleRow
              id={`${uid}-weekly`}
              nested
              group={t('users.notifications.emailGroup')}
              label={t('users.notifications.weeklySummary')}
              description={t('users.notifications.weeklySummaryDescription')}
              checked={user.emailWeeklySummary}
              disabled={busy || !user.emailNotifications}
              onChange={(v) => setFlag('emailWeeklySummary', v)}
            />
          )}
        </div>
        <div>
          <ToggleRow
            id={`${uid}-text`}
            label={t('users.notifications.text')}
            description={
              user.phoneNumber
                ? t('users.notifications.textsGoTo', { phone: user.phoneNumber })
                : t('users.notifications.needsPhone')
            }
            checked={user.textNotifications}
            disabled={busy}
            onChange={(v) => setFlag('textNotifications', v)}
          />
          <ToggleRow
            id={`${uid}-text-quotes`}
            nested
            group={t('users.notifications.textGroup')}
            label={t('users.notifications.quoteRequests')}
            checked={user.textNotificationsQuotes}
            disabled={busy || !user.textNotifications}
            onChange={(v) => setFlag('textNotificationsQuotes', v)}
          />
          <ToggleRow
            id={`${uid}-text-messages`}
            nested
            group={t('users.notifications.textGroup')}
            label={t('users.notifications.messages')}
            checked={user.textNotificationsMessages}
            disabled={busy || !user.textNotifications}
            onChange={(v) => setFlag('textNotificationsMessages', v)}
          />
        </div>
      </CardContent>
      <SmsEnableDialog
        open={phoneDialogOpen}
        defaultPhone={user.phoneNumber ?? ''}
        busy={busy}
        onOpenChange={setPhoneDialogOpen}
        onConfirm={async (phoneNumber) => {
          const ok = await save({
            phoneNumber,
            textNotifications: true,
            textNotificationsQuotes: true,
            textNotificationsMessages: true,
          });
          if (ok) {
            setPhoneDialogOpen(false);
            notify.success(
              t('users.notifications.textsEnabledTitle'),
              t('users.notifications.textsEnabled', { phone: phoneNumber }),
            );
          }
        }}
      />
    </Card>
  );
}
