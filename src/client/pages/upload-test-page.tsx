import { TestPageGate } from '@/client/components/test-page-gate';
import { UploadTestPanel } from '@/client/features/images/components/upload-test-panel';
import { usePageTitle } from '@/client/lib/use-page-title';
/** /upload-test, a test page: everyone signed in during development, admins only in production. */
export default function UploadTestPage() {
  usePageTitle('Upload Test');
  return (
    <TestPageGate pageName="upload test">
      {(isProduction) => (
        <div className="mx-auto max-w-4xl px-4 py-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Upload Test</h1>
          <p className="mt-2 text-slate-700">
            Send one image through the upload pipeline and see what is stored.
            {!isProduction && ' Open to every signed-in user in development.'}
          </p>
          <div className="mt-6">
            <UploadTestPanel />
          </div>
        </div>
      )}
    </TestPageGate>
  );
}
