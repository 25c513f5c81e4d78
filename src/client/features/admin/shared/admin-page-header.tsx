import type { ReactNode } from 'react';

interface Props {
  title: string;
  description?: ReactNode;
  /** Badges or buttons shown beside the heading (wrap under it on phones). */
  actions?: ReactNode;
}

/** The heading row of an admin screen: the page's one h1, a short line under it, actions at the end. */
export function AdminPageHeader({ title, description, actions }: Props) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
