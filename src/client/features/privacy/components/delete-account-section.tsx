import { useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { ApiError, errorMessage } from '@/client/lib/api';
import { DeleteAccountBodySchema } from '@/shared/schemas/privacy';
import { useDeleteAccount } from '../api/delete-account';

/** The profile's "Delete account": what goes and what stays, then a confirmation with the password. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const deletion = useDeleteAccount();

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const onConfirm = () => {
    const parsed = DeleteAccountBodySchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    deletion.mutate(parsed.data, {
      onSuccess: close,
      onError: (failure) => {
        const fallback = 'Your account could not be deleted. Please try again.';
        setError(
          failure instanceof ApiError && failure.field === 'password'
            ? (failure.serverMessage ?? fallback)
            : errorMessage(failure, fallback),
        );
      },
    });
  };

  return (
    <Card role="region" aria-labelledby="delete-account-title" className="border-red-200">
      <CardHeader>
        <CardTitle id="delete-account-title" className="text-red-800">
          Delete account
        </CardTitle>
        <CardDescription>
          Deleting your account signs you out everywhere and erases your name, e-mail address, phone, password and settings at
          once. Your drafts, favourites and unused uploads are deleted. Businesses you own are deactivated. Requests you sent,
          messages and reviews stay with the people who received them, shown as &ldquo;Former customer&rdquo;. This cannot be
          undone; you can sign up again with the same e-mail address as a new account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        description="Enter your password to confirm. Your account and personal data will be deleted at once; this cannot be undone."
        confirmLabel="Delete my account"
        busyLabel="Deleting…"
        isBusy={deletion.isPending}
        variant="destructive"
        onConfirm={onConfirm}
        onClose={close}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <FormField id="delete-account-password" label="Password" error={error}>
            <Input
              {...fieldA11y('delete-account-password', error)}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
        </form>
      </ConfirmDialog>
    </Card>
  );
}
