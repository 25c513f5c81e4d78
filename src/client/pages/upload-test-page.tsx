import { TestPageGate } from '@/client/components/test-page-gate';
import { UploadTestPanel } from '@/client/features/images/components/upload-test-panel';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';
/** /upload-test, a test page: everyone signed in during development, admins only in production. */
export default function UploadTestPage() {
  const t = useT();
  usePageTitle(t('images.uploadTest.title'));
  return (
    <TestPageGate pageName={t('images.uploadTest.pageName')}>
      {(isProduction) => (
        <div className="mx-auto max-w-4xl px-4 py-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('images.uploadTest.title')}</h1>
          <p className="mt-2 text-slate-700">
            {t('images.uploadTest.intro')}
            {!isProduction && <> {t('common.testPageGate.openInDevelopment')}</>}
          </p>
          <div className="mt-6">
            <UploadTestPanel />
          </div>
        </div>
      )}
    </TestPageGate>
  );
}
