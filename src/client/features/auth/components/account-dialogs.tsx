/** The account dialogs as one lazily loaded chunk (see auth-dialogs.tsx). */
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginDialog } from './login-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { SignupDialog } from './signup-dialog';

export default function AccountDialogs() {
  return (
    <>
      <LoginDialog />
      <SignupDialog />
      <ForgotPasswordDialog />
      <ResetPasswordDialog />
    </>
  );
}
