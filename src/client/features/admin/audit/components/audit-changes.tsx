/** The "Show changes" disclosure of one audit entry: each changed field as before → after. */
import { Message, useT } from '@/client/lib/i18n';

type Change = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Fields that differ; a created record lists what it got, a deleted one what it had. */
export function changedFields(before: unknown, after: unknown): Change[] {
  if (isRecord(before) || isRecord(after)) {
    const from = isRecord(before) ? before : {};
    const to = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys.filter((key) => !same(from[key], to[key])).map((key) => ({ field: key, before: from[key], after: to[key] }));
  }
  if (same(before, after)) return [];
  return [{ field: 'value', before, after }];
}

/** "isActive" / "is_active" → "is active". */
const fieldLabel = (field: string) =>
  field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

function Value({ value }: { value: unknown }) {
  const t = useT();
  if (value === undefined || value === null || value === '') {
    return <span className="text-slate-500 italic">{t('admin.auditChanges.empty')}</span>;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <span className="break-all font-mono text-xs text-slate-900">{text.length > 300 ? `${text.slice(0, 300)}…` : text}</span>
  );
}

export function AuditChanges({ before, after, label }: { before: unknown; after: unknown; label: string }) {
  const t = useT();
  const changes = changedFields(before, after);
  if (changes.length === 0) return <span className="text-slate-600">{t('admin.auditChanges.none')}</span>;
  return (
    <details className="group">
      <summary className="cursor-pointer rounded text-sm font-medium whitespace-nowrap text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
        <span className="group-open:hidden">{t('admin.auditChanges.show')}</span>
        <span className="hidden group-open:inline">{t('admin.auditChanges.hide')}</span>
        <Message
          id="admin.auditChanges.toCount"
          values={{ label, count: String(changes.length) }}
          parts={{ 0: <span className="sr-only" /> }}
        />
      </summary>
      <dl className="mt-2 grid min-w-64 gap-2 rounded-md bg-slate-50 p-3">
        {changes.map((change) => (
          <div key={change.field}>
            <dt className="text-xs font-semibold text-slate-700">{fieldLabel(change.field)}</dt>
            <dd className="flex flex-wrap items-center gap-1">
              <Value value={change.before} />
              <span aria-hidden className="text-slate-500">
                →
              </span>
              <span className="sr-only">{t('admin.auditChanges.changedTo')}</span>
              <Value value={change.after} />
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
