/**
 * The Questions tab: the questions a quote in a category asks after its description, edited as one
 * list (add, edit, remove, move) and saved whole. The list is checked with the server's own schema
 * before sending, and a refusal lands under the input its `field` names (`questions.2.options.1`).
 */
import { useQueryClient } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import Save from 'lucide-react/icons/save';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { LabelledSelect } from '@/client/components/labelled-select';
import { emptyListClass, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { categoryQuestionsQueryKey, useCategoryQuestions } from '@/client/entities/categories/get-category-questions';
import { ApiError, errorMessage } from '@/client/lib/api';
import { formFieldOf } from '@/client/lib/form-errors';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import { MAX_QUESTIONS_PER_CATEGORY, PutCategoryQuestionsBodySchema, type CategoryQuestion } from '@/shared/schemas/questions';
import { usePutCategoryQuestions } from '../api/category-questions';
import { bodyOf, draftOf, newQuestionDraft, QuestionEditor, questionFields, type QuestionDraft } from './question-editor';

/** The list's own message (too many questions) sits by the Add button; anything else above Save. */
const LIST_FIELD = 'questions';
const FORM_FIELD = 'root';

function QuestionsSkeleton() {
  const t = useT();
  return (
    <LoadingList label={t('admin.questions.loading')} className="grid gap-3 py-2">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-3 rounded-lg border border-slate-200 p-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-1/2" />
        </div>
      ))}
    </LoadingList>
  );
}

interface EditorProps {
  category: CategoryWithSubcategories;
  saved: CategoryQuestion[];
  onDirtyChange(dirty: boolean): void;
}

function CategoryQuestionsEditor({ category, saved, onDirtyChange }: EditorProps) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const fieldId = (field: string) => `${uid}-${field.replaceAll('.', '-')}`;
  const put = usePutCategoryQuestions();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<QuestionDraft[]>(() => saved.map(draftOf));
  const [baseline, setBaseline] = useState(() => JSON.stringify(bodyOf(drafts)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Set with the change that moves the keyboard, so the render it causes finds it.
  const focusTarget = useRef<string | null>(null);
  const busy = put.isPending;
  const isDirty = useMemo(() => JSON.stringify(bodyOf(drafts)) !== baseline, [drafts, baseline]);
  const savedCount = useMemo(() => (JSON.parse(baseline) as { questions: unknown[] }).questions.length, [baseline]);

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  // The keyboard follows what moved, was added or was refused, once it has rendered.
  useEffect(() => {
    if (focusTarget.current === null) return;
    const input = document.getElementById(fieldId(focusTarget.current));
    // While a save runs the inputs are disabled: the render that enables them focuses.
    if (input?.matches(':disabled')) return;
    input?.focus();
    focusTarget.current = null;
  });

  /** The inputs on screen, in their order, as the body names them. */
  const shownFields = [...drafts.flatMap(questionFields), LIST_FIELD];

  /** Where the keyboard goes for a message under `field`: an options list's first option. */
  const focusFieldFor = (field: string) => {
    const options = /^questions\.(\d+)\.options$/.exec(field);
    if (options) {
      const draft = drafts[Number(options[1])];
      return draft && draft.options.length > 0 ? `${field}.0` : field.replace(/options$/, 'addOption');
    }
    if (/^questions\.\d+$/.test(field)) return `${field}.label`;
    return field === LIST_FIELD ? 'addQuestion' : field;
  };

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const first = shownFields.find((field) => next[field]);
    if (first) focusTarget.current = focusFieldFor(first);
  };

  /** A change to the list's shape moves every index: the old messages no longer point anywhere. */
  const reshape = (next: QuestionDraft[], focus?: string) => {
    setDrafts(next);
    setErrors({});
    if (focus) focusTarget.current = focus;
  };

  const change = (index: number, patch: Partial<QuestionDraft>, field?: string) => {
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
    if (field && errors[field]) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)));
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const next = [...drafts];
    [next[index], next[to]] = [next[to], next[index]];
    // The button pressed follows its question; at the end of the list, the other direction.
    const edge = to === 0 || to === next.length - 1;
    reshape(next, `questions.${to}.${edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`);
  };

  const remove = (index: number) => {
    const next = drafts.filter((_, i) => i !== index);
    reshape(next, next.length === 0 ? 'addQuestion' : `questions.${Math.min(index, next.length - 1)}.label`);
  };

  const add = () => reshape([...drafts, newQuestionDraft()], `questions.${drafts.length}.label`);

  // The list as stored now (read again after a refusal), which is then the unchanged state.
  const discard = () => {
    const next = saved.map(draftOf);
    reshape(next);
    setBaseline(JSON.stringify(bodyOf(next)));
  };

  const onSave = async () => {
    const parsed = PutCategoryQuestionsBodySchema.safeParse(bodyOf(drafts));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = formFieldOf(issue.path.join('.'), shownFields) ?? FORM_FIELD;
        next[field] ??= translateText(issue.message);
      }
      showErrors(next);
      return;
    }
    try {
      const answer = await put.mutateAsync({ categoryId: category.id, body: parsed.data });
      const next = answer.questions.map(draftOf);
      setDrafts(next);
      setBaseline(JSON.stringify(bodyOf(next)));
      setErrors({});
      notify.success(
        t('admin.questions.saved'),
        t('admin.questions.savedDetail', { name: category.name, count: answer.questions.length }),
      );
    } catch (failure) {
      console.warn('Failed to save questions', failure);
      const message = translateText(errorMessage(failure, t('admin.common.errorOccurred')));
      const field = failure instanceof ApiError && failure.status === 400 ? formFieldOf(failure.field, shownFields) : null;
      showErrors({ [field ?? FORM_FIELD]: message });
      notify.error(t('admin.questions.saveFailed'), message);
      // A refusal the schema let through is about the stored list (a question deleted meanwhile):
      // read it again, so Discard changes brings the current one.
      if (field !== null) void queryClient.invalidateQueries({ queryKey: categoryQuestionsQueryKey(category.id) });
    }
  };

  const atMax = drafts.length >= MAX_QUESTIONS_PER_CATEGORY;
  const listError = errors[LIST_FIELD];
  const formError = errors[FORM_FIELD];
  return (
    <form
      noValidate
      aria-label={t('admin.questions.form', { name: category.name })}
      // An input the keyboard reaches scrolls clear of the Save bar stuck over the list's bottom.
      className="flex flex-col gap-4 [&_button]:scroll-mb-24 [&_input]:scroll-mb-24 [&_select]:scroll-mb-24"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      {drafts.length === 0 ? (
        <p className={emptyListClass.panel}>{savedCount > 0 ? t('admin.questions.allRemoved') : t('admin.questions.none')}</p>
      ) : (
        <ol className="grid gap-4" aria-label={t('admin.questions.list', { name: category.name })}>
          {drafts.map((draft, index) => (
            <li key={draft.key}>
              <QuestionEditor
                draft={draft}
                index={index}
                count={drafts.length}
                errors={errors}
                fieldId={fieldId}
                disabled={busy}
                onChange={(patch, field) => change(index, patch, field)}
                onMove={(by) => move(index, by)}
                onRemove={() => remove(index)}
                onFocusField={(field) => (focusTarget.current = field)}
              />
            </li>
          ))}
        </ol>
      )}

      <div className="grid gap-1.5">
        <Button
          id={fieldId('addQuestion')}
          variant="outline"
          className="w-fit"
          disabled={busy || atMax}
          aria-describedby={`${fieldId('addQuestion')}-hint${listError ? ` ${fieldId(LIST_FIELD)}-error` : ''}`}
          onClick={add}
        >
          <Plus aria-hidden /> {t('admin.questions.add')}
        </Button>
        <p id={`${fieldId('addQuestion')}-hint`} className="text-xs text-slate-600">
          {t('admin.questions.countOfMax', { count: drafts.length, max: MAX_QUESTIONS_PER_CATEGORY })}
        </p>
        {listError && (
          <p id={`${fieldId(LIST_FIELD)}-error`} role="alert" className="text-sm text-red-700">
            {listError}
          </p>
        )}
      </div>

      {formError && <Alert variant="error">{formError}</Alert>}

      {/* Within reach however long the list: it stays at the bottom of the screen while the list scrolls. */}
      <div className="sticky bottom-0 z-10 -mx-3 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-3 py-3 sm:-mx-6 sm:flex-row sm:items-center sm:justify-end sm:px-6">
        <p className="text-sm text-slate-700 sm:me-auto" role="status">
          {isDirty ? t('admin.questions.unsaved') : ''}
        </p>
        {isDirty && (
          <Button variant="outline" disabled={busy} onClick={discard}>
            {t('admin.questions.discard')}
          </Button>
        )}
        <Button type="submit" disabled={busy || !isDirty}>
          {busy ? <Spinner /> : <Save aria-hidden />}
          <Message
            id={busy ? 'admin.questions.saving' : 'admin.questions.save'}
            values={{ name: category.name }}
            parts={{ 0: <span className="sr-only" /> }}
          />
        </Button>
      </div>
    </form>
  );
}

export function CategoryQuestionsTab({ categories }: { categories: CategoryWithSubcategories[] }) {
  const t = useT();
  const translateText = useTranslateText();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isDirty, setDirty] = useState(false);
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  const category = categories.find((entry) => String(entry.id) === chosenId) ?? categories[0];
  const questions = useCategoryQuestions(category?.id ?? null);
  if (!category) return null;

  const choose = (next: string) => {
    if (isDirty) setSwitchTo(next);
    else setChosenId(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <LabelledSelect
          label={t('admin.categories.category')}
          value={String(category.id)}
          options={categories.map((entry) => ({ value: String(entry.id), label: entry.name }))}
          onChange={choose}
        />
        <p className="text-sm text-slate-600">{t('admin.questions.description')}</p>
      </div>
      {questions.isPending ? (
        <QuestionsSkeleton />
      ) : questions.isError ? (
        <RetryAlert
          title={t('admin.questions.loadFailed')}
          message={translateText(errorMessage(questions.error, t('admin.common.tryAgain')))}
          onRetry={() => void questions.refetch()}
        />
      ) : (
        <CategoryQuestionsEditor
          key={category.id}
          category={category}
          saved={questions.data.questions}
          onDirtyChange={setDirty}
        />
      )}
      <ConfirmDialog
        open={switchTo !== null}
        title={t('admin.questions.discardTitle')}
        description={t('admin.questions.discardDescription', { name: category.name })}
        confirmLabel={t('admin.questions.discard')}
        variant="destructive"
        onConfirm={() => {
          setDirty(false);
          setChosenId(switchTo);
          setSwitchTo(null);
        }}
        onClose={() => setSwitchTo(null)}
      />
    </div>
  );
}
