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
import { notify } from '@/client/lib/notify';
import { ProfileDetailsFormSchema, type ProfileDetailsForm, type User } from '@/shared/schemas/user';
import { useUpdateProfile } from '../api/update-profile';

function DetailsView({ user }: { user: User }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-600">Name</dt>
        <dd className="font-medium text-slate-900">
          {user.firstName} {user.lastName}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Email</dt>
        <dd className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-all">{user.email}</span>
          {user.isVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Unverified</Badge>}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Phone</dt>
        <dd className="font-medium text-slate-900">{user.phoneNumber ?? 'Not set'}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Member since</dt>
        <dd className="font-medium text-slate-900">{formatDate(user.createdAt, 'long')}</dd>
      </div>
    </dl>
  );
}

function DetailsForm({ user, onDone }: { user: User; onDone(): void }) {
  const update = useUpdateProfile();
  const uid = useId();
  const form = useForm<ProfileDetailsForm>({
    resolver: zodResolver(ProfileDetailsFormSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, ...values, phoneNumber: values.phoneNumber || null });
      notify.success('Profile updated', 'Your details have been saved.');
      onDone();
    } catch (error) {
      notify.error('Update failed', errorMessage(error, 'Please try again.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${uid}-first`} label="First name" error={errors.firstName?.message}>
        <Input
          {...fieldA11y(`${uid}-first`, errors.firstName?.message)}
          autoComplete="given-name"
          {...form.register('firstName')}
        />
      </FormField>
      <FormField id={`${uid}-last`} label="Last name" error={errors.lastName?.message}>
        <Input
          {...fieldA11y(`${uid}-last`, errors.lastName?.message)}
          autoComplete="family-name"
          {...form.register('lastName')}
        />
      </FormField>
      <FormField id={`${uid}-phone`} label="Phone (optional)" error={errors.phoneNumber?.message} className="sm:col-span-2">
        <Input
          {...fieldA11y(`${uid}-phone`, errors.phoneNumber?.message)}
          type="tel"
          autoComplete="tel"
          {...form.register('phoneNumber')}
        />
      </FormField>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function ProfileDetails({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>Account Details</CardTitle>
          <CardDescription>Your name and how businesses can reach you.</CardDescription>
        </div>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!user.isVerified && (
          <div className="mb-4 grid justify-items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <p>
              Please verify your email address: we sent you a link when you signed up. You need a verified address to add a
              business.
            </p>
            <ResendVerificationButton />
          </div>
        )}
        {editing ? <DetailsForm user={user} onDone={() => setEditing(false)} /> : <DetailsView user={user} />}
      </CardContent>
    </Card>
  );
}
