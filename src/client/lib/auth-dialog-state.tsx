/**
 * Which account dialog is open. Any screen can open one through `useAuthDialogs()`; the auth
 * feature renders them.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthDialogView = 'login' | 'signup' | 'forgot' | 'reset';

interface AuthDialogState {
  view: AuthDialogView | null;
  /** The verified reset token the reset dialog will use. */
  resetToken: string | null;
  openDialog(view: AuthDialogView, options?: { resetToken?: string }): void;
  closeDialog(): void;
}

const AuthDialogContext = createContext<AuthDialogState | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<AuthDialogView | null>(null);
  const [resetToken, setResetToken] = useState<string | null>(null);
  const openDialog = useCallback((next: AuthDialogView, options?: { resetToken?: string }) => {
    if (options?.resetToken !== undefined) setResetToken(options.resetToken);
    setView(next);
  }, []);
  const closeDialog = useCallback(() => setView(null), []);
  const value = useMemo(() => ({ view, resetToken, openDialog, closeDialog }), [view, resetToken, openDialog, closeDialog]);
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

export function useAuthDialogs(): AuthDialogState {
  const state = useContext(AuthDialogContext);
  if (!state) throw new Error('useAuthDialogs needs an AuthDialogProvider');
  return state;
}
