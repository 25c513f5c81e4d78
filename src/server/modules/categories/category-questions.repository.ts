import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { categories, categoryQuestions } from '@/server/db/schema';
import type { CategoryQuestion, QuestionDefinition } from '@/shared/schemas/questions';

const questionColumns = {
  id: categoryQuestions.id,
  categoryId: categoryQuestions.categoryId,
  position: categoryQuestions.position,
  kind: categoryQuestions.kind,
  label: categoryQuestions.label,
  helpText: categoryQuestions.helpText,
  required: categoryQuestions.required,
  options: categoryQuestions.options,
  unit: categoryQuestions.unit,
};

/** A category's questions in the order the form asks them. */
export async function listCategoryQuestions(db: DbOrTx, categoryId: number): Promise<CategoryQuestion[]> {
  return db
    .select(questionColumns)
    .from(categoryQuestions)
    .where(eq(categoryQuestions.categoryId, categoryId))
    .orderBy(asc(categoryQuestions.position), asc(categoryQuestions.id));
}

/** Whether the category exists. */
export async function categoryExists(db: DbOrTx, categoryId: number): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  return rows.length > 0;
}

/**
 * Locks the category's row for the rest of the transaction, so that two admins saving the list at
 * once take turns instead of mixing their lists; false when there is no such category.
 */
export async function lockCategory(tx: DbOrTx, categoryId: number): Promise<boolean> {
  const rows = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for('update');
  return rows.length > 0;
}

type QuestionValues = Omit<QuestionDefinition, 'id'> & { position: number };

/** Deletes the category's questions other than `keepIds`. */
export async function deleteQuestionsExcept(tx: DbOrTx, categoryId: number, keepIds: number[]): Promise<void> {
  await tx
    .delete(categoryQuestions)
    .where(
      keepIds.length > 0
        ? and(eq(categoryQuestions.categoryId, categoryId), notInArray(categoryQuestions.id, keepIds))
        : eq(categoryQuestions.categoryId, categoryId),
    );
}

export async function updateQuestion(tx: DbOrTx, categoryId: number, id: number, values: QuestionValues): Promise<void> {
  await tx
    .update(categoryQuestions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(categoryQuestions.id, id), eq(categoryQuestions.categoryId, categoryId)));
}

export async function insertQuestions(tx: DbOrTx, categoryId: number, values: QuestionValues[]): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(categoryQuestions).values(values.map((question) => ({ ...question, categoryId })));
}
