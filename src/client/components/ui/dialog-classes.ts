/** The look both dialog kinds share (dialog.tsx and the confirm of alert-dialog.tsx), in a module
 * of its own so that neither pulls in the other's Radix primitive. */
export const dialogClasses = {
  overlay: 'fixed inset-0 z-50 bg-black/50',
  content: [
    'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4',
    'max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-lg',
    'focus:outline-none',
  ].join(' '),
  footer: 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
  title: 'text-lg font-semibold leading-tight text-slate-900',
  description: 'text-sm text-slate-600',
};
