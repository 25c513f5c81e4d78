/**
 * The owner's opening hours of one company: per weekday open from–to (24-hour "HH:MM", 24:00 for
 * midnight; a closing time before the opening time runs past midnight, 18:00 – 02:00) or closed, and a note ("Emergency call-outs 24/7"), in the company's time zone (from
 * its ZIP code). Checked with the server's own schema, so both give the same message.
 */
import Clock from 'lucide-react/icons/clock';
import { useId, useState, type FormEvent } from 'react';
import { RetryAlert } from '@/client/components/list-states';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { WEEKDAY_NAMES } from '@/client/entities/companies/weekday-names';
import { errorMessage } from '@/client/lib/api';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import {
  HOURS_NOTE_MAX,
  OpeningHoursBodySchema,
  WEEKDAYS,
  type OpeningHours,
  type Weekday,
} from '@/shared/schemas/opening-hours';
import { useOpeningHours, useSaveOpeningHours } from '../api/opening-hours';

type DayDraft = { open: boolean; opens: string; closes: string };

const draftOf = (saved: OpeningHours): Record<Weekday, DayDraft> =>
  Object.fromEntries(
    WEEKDAYS.map((day) => {
      const span = saved.hours?.[day];
      // With no hours given yet, a usual working week is offered.
      const fallback = saved.hours === null && day !== 'saturday' && day !== 'sunday';
      return [day, { open: span ? true : fallback, opens: span?.opens ?? '08:00', closes: span?.closes ?? '17:00' }];
    }),
  ) as Record<Weekday, DayDraft>;

/**
 * Whether what the form shows is what the company's page shows: hours never saved (the form then
 * offers a usual working week, which is only a suggestion), saved as shown, or changed since.
 */
function HoursStatus({ saved, isChanged, companyName }: { saved: OpeningHours; isChanged: boolean; companyName: string }) {
  const t = useT();
  if (saved.hours === null) {
    return (
      <Alert variant="warning" title={t('credentials.hours.notSetTitle')}>
        {t('credentials.hours.notSetText', { company: companyName })}
      </Alert>
    );
  }
  return isChanged ? (
    <p className="flex items-center gap-2 text-sm text-slate-800">
      <Message id="credentials.hours.unsaved" parts={{ 0: <Badge variant="warning" /> }} />
    </p>
  ) : (
    <p className="flex items-center gap-2 text-sm text-slate-800">
      <Message id="credentials.hours.published" parts={{ 0: <Badge variant="success" /> }} />
    </p>
  );
}

function HoursForm({ companyId, companyName, saved }: { companyId: number; companyName: string; saved: OpeningHours }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const save = useSaveOpeningHours(companyId);
  const [days, setDays] = useState(() => draftOf(saved));
  const [note, setNote] = useState(saved.note ?? '');
  const savedDraft = draftOf(saved);
  const isChanged =
    note !== (saved.note ?? '') ||
    WEEKDAYS.some((day) =>
      days[day].open !== savedDraft[day].open
        ? true
        : days[day].open && (days[day].opens !== savedDraft[day].opens || days[day].closes !== savedDraft[day].closes),
    );
  const [problem, setProblem] = useState<string | null>(null);
  const setDay = (day: Weekday, change: Partial<DayDraft>) => {
    setDays((current) => ({ ...current, [day]: { ...current[day], ...change } }));
    setProblem(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = OpeningHoursBodySchema.safeParse({
      hours: Object.fromEntries(
        WEEKDAYS.map((day) => [day, days[day].open ? { opens: days[day].opens, closes: days[day].closes } : null]),
      ),
      note,
    });
    if (!body.success) {
      const issue = body.error.issues[0];
      setProblem(issue ? translateText(issue.message) : t('credentials.hours.check'));
      return;
    }
    try {
      await save.mutateAsync(body.data);
      notify.success(t('credentials.hours.saved'));
    } catch (error) {
      setProblem(translateText(errorMessage(error, t('credentials.common.tryAgain'))));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" noValidate>
      <HoursStatus saved={saved} isChanged={isChanged} companyName={companyName} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">
          {t('credentials.hours.legend', { timeZone: saved.timeZone })}
        </legend>
        <p className="text-xs text-slate-700">{t('credentials.hours.pastMidnight')}</p>
        {WEEKDAYS.map((day) => {
          const label = t(WEEKDAY_NAMES[day]);
          const draft = days[day];
          return (
            <div key={day} className="grid grid-cols-[6.5rem_1fr] items-center gap-2 sm:grid-cols-[7rem_6rem_1fr]">
              <span className="text-sm font-medium text-slate-900">{label}</span>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={draft.open}
                  onChange={(event) => setDay(day, { open: event.target.checked })}
                  className="size-4 accent-blue-700"
                />
                <Message id="credentials.hours.open" values={{ day: label }} parts={{ 0: <span className="sr-only" /> }} />
              </label>
              {draft.open ? (
                <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
                  <Input
                    aria-label={t('credentials.hours.opensAt', { day: label })}
                    value={draft.opens}
                    inputMode="numeric"
                    maxLength={5}
                    placeholder="08:00"
                    onChange={(event) => setDay(day, { opens: event.target.value })}
                    className="h-9 w-24"
                  />
                  <span aria-hidden>–</span>
                  <Input
                    aria-label={t('credentials.hours.closesAt', { day: label })}
                    value={draft.closes}
                    inputMode="numeric"
                    maxLength={5}
                    placeholder="17:00"
                    onChange={(event) => setDay(day, { closes: event.target.value })}
                    className="h-9 w-24"
                  />
                </div>
              ) : (
                <span className="col-span-2 text-sm text-slate-700 sm:col-span-1">{t('credentials.hours.closed')}</span>
              )}
            </div>
          );
        })}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={`${uid}-note`}>{t('credentials.hours.note')}</Label>
        <Input
          id={`${uid}-note`}
          value={note}
          maxLength={HOURS_NOTE_MAX}
          placeholder={t('credentials.hours.notePlaceholder')}
          onChange={(event) => {
            setNote(event.target.value);
            setProblem(null);
          }}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('credentials.hours.saving') : t('credentials.hours.save')}
        </Button>
        {saved.hours !== null && (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(null, {
                onSuccess: (cleared) => {
                  setDays(draftOf(cleared));
                  setNote('');
                  notify.success(t('credentials.hours.removed'));
                },
                // Said where the form's other problems are, rather than failing silently.
                onError: (error) => setProblem(translateText(errorMessage(error, t('credentials.hours.removeFailed')))),
              })
            }
          >
            {t('credentials.hours.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}

export function OpeningHoursPanel({ companyId, companyName }: { companyId: number; companyName: string }) {
  const t = useT();
  const translateText = useTranslateText();
  const hours = useOpeningHours(companyId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-5 text-slate-600" aria-hidden />
          {t('credentials.hours.title')}
        </CardTitle>
        <CardDescription>{t('credentials.hours.description', { company: companyName })}</CardDescription>
      </CardHeader>
      <CardContent>
        {hours.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : hours.isError ? (
          <RetryAlert
            title={t('credentials.hours.loadFailed')}
            message={translateText(errorMessage(hours.error, t('credentials.common.tryAgain')))}
            onRetry={() => void hours.refetch()}
          />
        ) : (
          <HoursForm key={companyId} companyId={companyId} companyName={companyName} saved={hours.data} />
        )}
      </CardContent>
    </Card>
  );
}
