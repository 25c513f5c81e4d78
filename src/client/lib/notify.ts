/** Toasts with the spec's title + description pairs (sonner: one visible at a time, 5 s). */
import { toast } from 'sonner';

export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  error: (title: string, description?: string) => toast.error(title, { description }),
  info: (title: string, description?: string) => toast(title, { description }),
};
