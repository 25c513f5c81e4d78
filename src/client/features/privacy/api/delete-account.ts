import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/client/lib/api';
import { currentUserQueryKey } from '@/client/lib/current-user';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { DeleteAccountBody } from '@/shared/schemas/privacy';

/** POST /api/me/delete-account: deletes the signed-in account once the password is confirmed. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api<{ success: true; message?: string }>('/api/me/delete-account', { method: 'POST', body });

/**
 * The farewell, the way home and the signed-out cache all happen here rather than in the caller:
 * clearing the user unmounts the profile (and the dialog that called), whose own callbacks would
 * then never run.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT();
  const translateText = useTranslateText();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (answer) => {
      notify.success(t('privacy.delete.doneTitle'), answer.message ? translateText(answer.message) : answer.message);
      void navigate('/', { replace: true });
      // Signed out: nothing of the deleted account may stay on screen.
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] || query.queryKey.length > 1,
      });
    },
  });
}
