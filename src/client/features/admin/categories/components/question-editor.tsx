/**
 * One question in the admin's editor: its wording, kind of answer, whether it must be answered,
 * help text, and the options (choice kinds) or unit (number kind) that go with its kind. The draft
 * keeps the options and unit of another kind while the admin tries kinds out; only what the chosen
 * kind takes is sent.
 */
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import X from 'lucide-react/icons/x';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { cn } from '@/client/components/ui/cn';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { fieldClasses, Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Message, useT, type MessageKey } from '@/client/lib/i18n';
import {
  MAX_QUESTION_OPTIONS,
  QUESTION_HELP_MAX,
  QUESTION_KINDS,
  QUESTION_LABEL_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_UNIT_MAX,
  type CategoryQuestion,
  type PutCategoryQuestionsBodySchema,
  type QuestionKind,
} from '@/shared/schemas/questions';

const KIND_LABELS: Record<QuestionKind, MessageKey> = {
  single_choice: 'admin.questionEditor.kind.singleChoice',
  multiple_choice: 'admin.questionEditor.kind.multipleChoice',
  number: 'admin.questionEditor.kind.number',
  date: 'admin.questionEditor.kind.date',
  text: 'admin.questionEditor.kind.text',
};

export interface OptionDraft {
  /** The row's React key: options are added, removed and retyped in place. */
  key: string;
  text: string;
}

export interface QuestionDraft {
  key: string;
  /** A saved question keeps its id, so its past answers stay linked to it. */
  id?: number;
  kind: QuestionKind;
  label: string;
  helpText: string;
  required: boolean;
  options: OptionDraft[];
  unit: string;
}

let lastKey = 0;
const newKey = () => `draft-${++lastKey}`;
const optionDrafts = (texts: readonly string[]) => texts.map((text) => ({ key: newKey(), text }));

export const isChoiceKind = (kind: QuestionKind) => kind === 'single_choice' || kind === 'multiple_choice';

export const draftOf = (question: CategoryQuestion): QuestionDraft => ({
  key: newKey(),
  id: question.id,
  kind: question.kind,
  label: question.label,
  helpText: question.helpText ?? '',
  required: question.required,
  options: optionDrafts(question.options),
  unit: question.unit ?? '',
});

/** A new question starts as a one-choice question with two empty options to fill in. */
export const newQuestionDraft = (): QuestionDraft => ({
  key: newKey(),
  kind: 'single_choice',
  label: '',
  helpText: '',
  required: false,
  options: optionDrafts(['', '']),
  unit: '',
});

/** The PUT body for the drafts, before the shared schema trims and checks it. */
export const bodyOf = (drafts: readonly QuestionDraft[]): z.input<typeof PutCategoryQuestionsBodySchema> => ({
  questions: drafts.map((draft) => ({
    ...(draft.id === undefined ? {} : { id: draft.id }),
    kind: draft.kind,
    label: draft.label,
    helpText: draft.helpText,
    required: draft.required,
    options: isChoiceKind(draft.kind) ? draft.options.map((option) => option.text) : [],
    unit: draft.kind === 'number' ? draft.unit : null,
  })),
});

/**
 * The inputs a question shows, named as the PUT body names them, in the order they appear; first
 * the question itself, whose message (about its id: deleted meanwhile) sits under its heading.
 */
export function questionFields(draft: QuestionDraft, index: number): string[] {
  const at = (name: string) => `questions.${index}.${name}`;
  const fields = [`questions.${index}`, at('label'), at('kind'), at('required'), at('helpText')];
  if (isChoiceKind(draft.kind)) fields.push(at('options'), ...draft.options.map((_, option) => at(`options.${option}`)));
  if (draft.kind === 'number') fields.push(at('unit'));
  return fields;
}

export interface QuestionEditorProps {
  draft: QuestionDraft;
  index: number;
  count: number;
  /** Messages by field (`questions.2.options.1`). */
  errors: Readonly<Record<string, string>>;
  /** The element id of a field, its error being `${id}-error`. */
  fieldId(field: string): string;
  disabled: boolean;
  /** Changes the draft; `field` is the input typed in, whose message goes away. */
  onChange(patch: Partial<QuestionDraft>, field?: string): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  /** Puts the keyboard on a field once the change has rendered. */
  onFocusField(field: string): void;
}

export function QuestionEditor({
  draft,
  index,
  count,
  errors,
  fieldId,
  disabled,
  onChange,
  onMove,
  onRemove,
  onFocusField,
}: QuestionEditorProps) {
  const t = useT();
  const number = index + 1;
  const field = (name: string) => `questions.${index}.${name}`;
  const id = (name: string) => fieldId(field(name));
  const error = (name: string) => errors[field(name)];
  const optionsError = error('options');
  const questionError = errors[`questions.${index}`];
  const isChoice = isChoiceKind(draft.kind);
  const labelField = { id: id('label'), error: error('label') };
  const kindField = { id: id('kind'), error: error('kind') };
  const helpField = { id: id('helpText'), error: error('helpText') };
  const requiredField = { id: id('required'), error: error('required') };
  const unitField = { id: id('unit'), error: error('unit') };

  const setKind = (kind: QuestionKind) => {
    // A choice question needs two options: give it empty rows to fill in.
    const options =
      isChoiceKind(kind) && draft.options.length < 2
        ? [...draft.options, ...optionDrafts(Array(2 - draft.options.length).fill(''))]
        : draft.options;
    onChange({ kind, options }, field('kind'));
  };
  const setOption = (at: number, text: string) =>
    onChange({ options: draft.options.map((option, i) => (i === at ? { ...option, text } : option)) }, field(`options.${at}`));
  const addOption = () => {
    onChange({ options: [...draft.options, ...optionDrafts([''])] });
    onFocusField(field(`options.${draft.options.length}`));
  };
  const removeOption = (at: number) => {
    const options = draft.options.filter((_, i) => i !== at);
    onChange({ options });
    onFocusField(options.length === 0 ? field('addOption') : field(`options.${Math.min(at, options.length - 1)}`));
  };

  return (
    <fieldset
      className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:p-4"
      disabled={disabled}
      aria-describedby={questionError ? `${fieldId(`questions.${index}`)}-error` : undefined}
    >
      <legend className="sr-only">{t('admin.questionEditor.title', { number })}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-hidden="true" className="text-sm font-semibold text-slate-900">
          {t('admin.questionEditor.title', { number })}
          {draft.id === undefined && (
            <span className="ms-2 text-xs font-normal text-slate-600">{t('admin.questionEditor.new')}</span>
          )}
        </p>
        <div className="flex gap-1">
          <Button
            id={id('up')}
            variant="ghost"
            size="icon"
            className="size-9"
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden />
            <span className="sr-only">{t('admin.questionEditor.moveUp', { number })}</span>
          </Button>
          <Button
            id={id('down')}
            variant="ghost"
            size="icon"
            className="size-9"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden />
            <span className="sr-only">{t('admin.questionEditor.moveDown', { number })}</span>
          </Button>
          <Button variant="ghost" size="icon" className="size-9 text-red-700 hover:bg-red-50" onClick={onRemove}>
            <Trash2 aria-hidden />
            <span className="sr-only">{t('admin.questionEditor.remove', { number })}</span>
          </Button>
        </div>
      </div>
      {questionError && (
        <p id={`${fieldId(`questions.${index}`)}-error`} role="alert" className="-mt-2 text-sm text-red-700">
          {questionError}
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <FormField id={labelField.id} label={t('admin.questionEditor.label')} error={labelField.error}>
          <Input
            {...fieldA11y(labelField.id, labelField.error)}
            value={draft.label}
            maxLength={QUESTION_LABEL_MAX}
            placeholder={t('admin.questionEditor.labelPlaceholder')}
            onChange={(event) => onChange({ label: event.target.value }, field('label'))}
          />
        </FormField>
        <FormField id={kindField.id} label={t('admin.questionEditor.kindLabel')} error={kindField.error}>
          <select
            {...fieldA11y(kindField.id, kindField.error)}
            value={draft.kind}
            onChange={(event) => setKind(event.target.value as QuestionKind)}
            className={cn(fieldClasses, 'h-10 py-2')}
          >
            {QUESTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_LABELS[kind])}
              </option>
            ))}
          </select>
        </FormField>
      </div>

      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <FormField id={helpField.id} label={t('admin.questionEditor.helpText')} error={helpField.error}>
          <Input
            {...fieldA11y(helpField.id, helpField.error)}
            value={draft.helpText}
            maxLength={QUESTION_HELP_MAX}
            onChange={(event) => onChange({ helpText: event.target.value }, field('helpText'))}
          />
        </FormField>
        <div className="grid content-end gap-1.5 sm:pb-2.5">
          <div className="flex items-center gap-2">
            <Checkbox
              id={requiredField.id}
              checked={draft.required}
              onCheckedChange={(checked) => onChange({ required: checked === true }, field('required'))}
              aria-invalid={requiredField.error ? true : undefined}
              aria-describedby={requiredField.error ? `${requiredField.id}-error` : undefined}
            />
            <Label htmlFor={requiredField.id}>{t('admin.questionEditor.required')}</Label>
          </div>
          {requiredField.error && (
            <p id={`${requiredField.id}-error`} role="alert" className="text-sm text-red-700">
              {requiredField.error}
            </p>
          )}
        </div>
      </div>

      {isChoice && (
        <fieldset
          className="grid gap-2"
          aria-describedby={[`${id('options')}-hint`, optionsError ? `${id('options')}-error` : ''].join(' ').trim()}
        >
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('admin.questionEditor.options')}</legend>
          <p id={`${id('options')}-hint`} className="text-xs text-slate-600">
            {t(draft.kind === 'single_choice' ? 'admin.questionEditor.optionsHintOne' : 'admin.questionEditor.optionsHintAny', {
              max: MAX_QUESTION_OPTIONS,
            })}
          </p>
          <ol className="grid gap-2 lg:grid-cols-2 lg:gap-x-4">
            {draft.options.map((option, at) => {
              const optionId = id(`options.${at}`);
              const optionError = error(`options.${at}`);
              return (
                <li key={option.key} className="grid gap-1">
                  <div className="flex items-center gap-2">
                    <Label htmlFor={optionId} className="w-16 shrink-0 text-xs font-normal text-slate-700">
                      <Message
                        id="admin.questionEditor.option"
                        values={{ option: at + 1, number }}
                        parts={{ 0: <span className="sr-only" /> }}
                      />
                    </Label>
                    <Input
                      {...fieldA11y(optionId, optionError)}
                      value={option.text}
                      maxLength={QUESTION_OPTION_MAX}
                      className="min-w-0 flex-1"
                      onChange={(event) => setOption(at, event.target.value)}
                    />
                    <Button variant="ghost" size="icon" className="size-9" onClick={() => removeOption(at)}>
                      <X aria-hidden />
                      <span className="sr-only">{t('admin.questionEditor.removeOption', { option: at + 1, number })}</span>
                    </Button>
                  </div>
                  {optionError && (
                    <p id={`${optionId}-error`} role="alert" className="ms-18 text-sm text-red-700">
                      {optionError}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          <Button
            id={id('addOption')}
            variant="outline"
            size="sm"
            className="w-fit"
            disabled={disabled || draft.options.length >= MAX_QUESTION_OPTIONS}
            onClick={addOption}
          >
            <Plus aria-hidden />{' '}
            <Message id="admin.questionEditor.addOption" values={{ number }} parts={{ 0: <span className="sr-only" /> }} />
          </Button>
          {optionsError && (
            <p id={`${id('options')}-error`} role="alert" className="text-sm text-red-700">
              {optionsError}
            </p>
          )}
        </fieldset>
      )}

      {draft.kind === 'number' && (
        <FormField
          id={unitField.id}
          label={t('admin.questionEditor.unit')}
          error={unitField.error}
          hint={t('admin.questionEditor.unitHint')}
          className="sm:max-w-xs"
        >
          <Input
            {...fieldA11y(unitField.id, unitField.error, true)}
            value={draft.unit}
            maxLength={QUESTION_UNIT_MAX}
            onChange={(event) => onChange({ unit: event.target.value }, field('unit'))}
          />
        </FormField>
      )}
    </fieldset>
  );
}
