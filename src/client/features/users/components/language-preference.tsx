import { useState } from 'react';
import { LabelledSelect } from '@/client/components/labelled-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useAppConfig } from '@/client/lib/app-config';
import { errorMessage } from '@/client/lib/api';
import { useLanguage, useT, useTranslateText } from '@/client/lib/i18n';
import { switchLanguage } from '@/client/lib/language-choice';
import { isLanguage } from '@/shared/i18n/languages';
import type { User } from '@/shared/schemas/user';
import { useUpdateProfile } from '../api/update-profile';

/** The value of "the operator's default": the account keeps no language of its own. */
const SITE_DEFAULT = '';

/**
 * The language the site and the account's mails are written in. Saved on the account, and the
 * page loaded again in it (the footer's switcher saves it too).
 */
export function LanguagePreference({ user }: { user: User }) {
  const t = useT();
  const translateText = useTranslateText();
  const pageLanguage = useLanguage();
  const { data: config } = useAppConfig();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const languages = config?.languages ?? [];
  if (languages.length < 2) return null;
  const defaultName = languages.find((language) => language.code === config?.defaultLanguage)?.name ?? '';

  const choose = (code: string) => {
    setFailure(null);
    update.mutate(
      { id: user.id, language: isLanguage(code) ? code : null },
      {
        onSuccess: () => {
          const next = code === SITE_DEFAULT ? (config?.defaultLanguage ?? pageLanguage) : code;
          switchLanguage(next, { reload: next !== pageLanguage });
        },
        onError: (error) => setFailure(translateText(errorMessage(error, t('users.language.saveFailed')))),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.language.title')}</CardTitle>
        <CardDescription>{t('users.language.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <LabelledSelect
          label={t('users.language.label')}
          value={user.language ?? SITE_DEFAULT}
          options={[
            { value: SITE_DEFAULT, label: t('users.language.siteDefault', { language: defaultName }) },
            ...languages.map(({ code, name }) => ({ value: code, label: name })),
          ]}
          onChange={choose}
        />
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
