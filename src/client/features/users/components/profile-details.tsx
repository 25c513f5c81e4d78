import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/client/components/ui/badge';
import { ResendVerificationButton } from '@/client/components/resend-verification-button';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ProfileDetailsFormSchema, type ProfileDetailsForm, type User } from '@/shared/schemas/user';
import { useUpdateProfile } from '../api/update-profile';

function DetailsView({ user }: { user: User }) {
  const t = useT();
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-600">{t('users.details.name')}</dt>
        <dd className="font-medium text-slate-900">
          {user.firstName} {user.lastName}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{t('users.details.email')}</dt>
        <dd className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-all">{user.email}</span>
          {user.isVerified ? (
            <Badge variant="success">{t('users.details.verified')}</Badge>
          ) : (
            <Badge variant="warning">{t('users.details.unverified')}</Badge>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{t('users.details.phone')}</dt>
        <dd className="font-medium text-slate-900">{user.phoneNumber ?? t('users.details.notSet')}</dd>
      </div>
      <div>
        <dt className="text-slate-600">{t('users.details.memberSince')}</dt>
        <dd className="font-medium text-slate-900">{formatDate(user.createdAt, 'long')}</dd>
      </div>
    </dl>
  );
}

function DetailsForm({ user, onDone }: { user: User; onDone(): void }) {
  const t = useT();
  const translateText = useTranslateText();
  const update = useUpdateProfile();
  const uid = useId();
  const form = useForm<ProfileDetailsForm>({
    resolver: zodResolver(ProfileDetailsFormSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber ?? '' },
  });
  const { errors } = form.formState;
  const errorOf = (name: keyof ProfileDetailsForm) => {
    const message = errors[name]?.message;
    return message ? translateText(message) : undefined;
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, ...values, phoneNumber: values.phoneNumber || null });
      notify.success(t('users.details.savedTitle'), t('users.details.saved'));
      onDone();
    } catch (error) {
      notify.error(t('users.details.saveFailedTitle'), translateText(errorMessage(error, t('users.details.tryAgain'))));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${uid}-first`} label={t('users.details.firstName')} error={errorOf('firstName')}>
        <Input {...fieldA11y(`${uid}-first`, errorOf('firstName'))} autoComplete="given-name" {...form.register('firstName')} />
      </FormField>
      <FormField id={`${uid}-last`} label={t('users.details.lastName')} error={errorOf('lastName')}>
        <Input {...fieldA11y(`${uid}-last`, errorOf('lastName'))} autoComplete="family-name" {...form.register('lastName')} />
      </FormField>
      <FormField
        id={`${uid}-phone`}
        label={t('users.details.phoneOptional')}
        error={errorOf('phoneNumber')}
        className="sm:col-span-2"
      >
        <Input
          {...fieldA11y(`${uid}-phone`, errorOf('phoneNumber'))}
          type="tel"
          autoComplete="tel"
          {...form.register('phoneNumber')}
        />
      </FormField>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('users.details.saving') : t('users.details.save')}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t('users.details.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function ProfileDetails({ user }: { user: User }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>{t('users.details.title')}</CardTitle>
          <CardDescription>{t('users.details.description')}</CardDescription>
        </div>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {t('users.details.edit')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!user.isVerified && (
          <div className="mb-4 grid justify-items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <p>{t('users.details.verifyPrompt')}</p>
            <ResendVerificationButton />
          </div>
        )}
        {editing ? <DetailsForm user={user} onDone={() => setEditing(false)} /> : <DetailsView user={user} />}
      </CardContent>
    </Card>
  );
}
