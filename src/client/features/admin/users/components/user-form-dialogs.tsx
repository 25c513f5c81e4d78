/**
 * The admin users screen's Create New User (first name, last name, email, password) and Edit (first
 * name, last name, email). The validation messages come from the shared schemas and show as one
 * titled message above the fields ("All fields required / Please fill in all fields …", "Password
 * too short / Password must be at least 8 characters long."); a toast tells how the call went.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ComponentProps } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/lazy-dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import {
  ADMIN_USER_MESSAGES,
  AdminCreateUserBodySchema,
  AdminEditUserFormSchema,
  type AdminCreateUserBody,
  type AdminUser,
} from '@/shared/schemas/admin';
import { useLastDefined } from '../../shared/use-last-defined';
import { useCreateAdminUser } from '../api/create-admin-user';
import { useUpdateAdminUser } from '../api/update-admin-user';

type EditFields = { firstName: string; lastName: string; email: string };

const REQUIRED = new Set<string>([ADMIN_USER_MESSAGES.createRequired, ADMIN_USER_MESSAGES.updateRequired]);

/**
 * The one message to show for a failed form: missing fields first, then the password, then the
 * rest. The text is the shared schema's English; the title is the screen's own.
 */
function summarize(errors: FieldErrors<FieldValues>): { title: MessageKey; text: string } | null {
  const messages = Object.values(errors)
    .map((error) => (typeof error?.message === 'string' ? error.message : ''))
    .filter(Boolean);
  if (messages.length === 0) return null;
  const required = messages.find((message) => REQUIRED.has(message));
  if (required) return { title: 'admin.userForm.allRequired', text: required };
  if (messages.includes(ADMIN_USER_MESSAGES.passwordTooShort)) {
    return { title: 'admin.userForm.passwordTooShort', text: ADMIN_USER_MESSAGES.passwordTooShort };
  }
  return { title: 'admin.userForm.checkForm', text: messages[0] };
}

function Field({
  id,
  label,
  invalid,
  errorId,
  ...input
}: { id: string; label: string; invalid: boolean; errorId: string } & ComponentProps<typeof Input>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} {...input} />
    </div>
  );
}

/** First name, last name and e-mail: the fields both dialogs share. */
function IdentityFields<T extends EditFields>({
  uid,
  errorId,
  errors,
  register: registerField,
}: {
  uid: string;
  errorId: string;
  errors: FieldErrors<T>;
  register: UseFormRegister<T>;
}) {
  const t = useT();
  // Both forms have these three fields; the create form has a password besides.
  const register = (name: keyof EditFields) => registerField(name as Path<T>);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${uid}-first`}
          label={t('admin.userForm.firstName')}
          autoComplete="off"
          invalid={!!errors.firstName}
          errorId={errorId}
          {...register('firstName')}
        />
        <Field
          id={`${uid}-last`}
          label={t('admin.userForm.lastName')}
          autoComplete="off"
          invalid={!!errors.lastName}
          errorId={errorId}
          {...register('lastName')}
        />
      </div>
      <Field
        id={`${uid}-email`}
        label={t('admin.userForm.email')}
        type="email"
        autoComplete="off"
        invalid={!!errors.email}
        errorId={errorId}
        {...register('email')}
      />
    </>
  );
}

function FormProblem({ id, problem }: { id: string; problem: { title: MessageKey; text: string } | null }) {
  const t = useT();
  const translateText = useTranslateText();
  if (!problem) return null;
  return (
    <Alert id={id} variant="error" title={t(problem.title)}>
      {translateText(problem.text)}
    </Alert>
  );
}

export function CreateUserDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const create = useCreateAdminUser();
  const form = useForm<AdminCreateUserBody>({
    resolver: zodResolver(AdminCreateUserBodySchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const problem = summarize(errors);
  const errorId = `${uid}-problem`;
  const busy = create.isPending;

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notify.success(t('admin.userForm.created'), t('admin.userForm.createdDetail', { email: values.email }));
      close();
    } catch (error) {
      console.warn('user not created', error);
      notify.error(t('admin.userForm.createFailed'), translateText(errorMessage(error, t('admin.common.errorOccurred'))));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && close()}>
      <DialogContent hideClose={busy}>
        <DialogHeader>
          <DialogTitle>{t('admin.userForm.createTitle')}</DialogTitle>
          <DialogDescription>{t('admin.userForm.createDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormProblem id={errorId} problem={problem} />
          <IdentityFields uid={uid} errorId={errorId} errors={errors} register={form.register} />
          <div className="flex flex-col gap-1.5">
            <Field
              id={`${uid}-password`}
              label={t('admin.userForm.password')}
              type="password"
              autoComplete="new-password"
              invalid={!!errors.password}
              errorId={errorId}
              aria-describedby={errors.password ? `${errorId} ${uid}-password-hint` : `${uid}-password-hint`}
              {...form.register('password')}
            />
            <p id={`${uid}-password-hint`} className="text-xs text-slate-600">
              {t('admin.userForm.passwordHint')}
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={busy}>
              {t('admin.userForm.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t(busy ? 'admin.userForm.creating' : 'admin.userForm.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, onDone, onBusyChange }: { user: AdminUser; onDone(): void; onBusyChange(busy: boolean): void }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const update = useUpdateAdminUser();
  const form = useForm<EditFields>({
    resolver: zodResolver(AdminEditUserFormSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email },
  });
  const { errors } = form.formState;
  const problem = summarize(errors);
  const errorId = `${uid}-problem`;
  const busy = update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    onBusyChange(true);
    try {
      await update.mutateAsync({ id: user.id, body: values });
      notify.success(
        t('admin.userForm.updated'),
        t('admin.userForm.updatedDetail', { name: `${values.firstName} ${values.lastName}` }),
      );
      onDone();
    } catch (error) {
      console.warn('user not updated', error);
      notify.error(t('admin.userForm.updateFailed'), translateText(errorMessage(error, t('admin.common.errorOccurred'))));
    } finally {
      onBusyChange(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormProblem id={errorId} problem={problem} />
      <IdentityFields uid={uid} errorId={errorId} errors={errors} register={form.register} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {t('admin.userForm.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t(busy ? 'admin.userForm.saving' : 'admin.userForm.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function EditUserDialog({
  user,
  busy,
  onBusyChange,
  onClose,
}: {
  user: AdminUser | null;
  busy: boolean;
  onBusyChange(busy: boolean): void;
  onClose(): void;
}) {
  const t = useT();
  const shown = useLastDefined(user);
  return (
    <Dialog open={user !== null} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent hideClose={busy}>
        <DialogHeader>
          <DialogTitle>{t('admin.userForm.editTitle')}</DialogTitle>
          <DialogDescription>
            {shown ? t('admin.userForm.editDescription', { name: `${shown.firstName} ${shown.lastName}` }) : ''}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by user: each opening starts from that user's saved values. */}
        {shown ? <EditUserForm key={shown.id} user={shown} onDone={onClose} onBusyChange={onBusyChange} /> : null}
      </DialogContent>
    </Dialog>
  );
}
