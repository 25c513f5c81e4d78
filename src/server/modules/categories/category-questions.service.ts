/**
 * Each category's questions: read by anyone (the quote form asks them), replaced as a whole list by
 * an admin. A replacement is one transaction under the category's lock: questions that keep their
 * id are edited in place (old requests keep the wording they were asked with anyway), new ones
 * are added, the rest deleted, and the order of the list is the order asked; the audit entry
 * holds the list before and after.
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { badRequest, notFound } from '@/server/lib/app-error';
import type { CategoryQuestion, CategoryQuestions, PutCategoryQuestionsBody } from '@/shared/schemas/questions';
import type { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../users/users.service';
import {
  categoryExists,
  deleteQuestionsExcept,
  insertQuestions,
  listCategoryQuestions,
  lockCategory,
  updateQuestion,
} from './category-questions.repository';

const CATEGORY_NOT_FOUND = 'Category not found';

export class CategoryQuestionsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /** The questions a request in `categoryId` answers, in order; none for a request without a category. */
  async listForCategory(categoryId: number | null, db: DbOrTx = this.db): Promise<CategoryQuestion[]> {
    return categoryId === null ? [] : listCategoryQuestions(db, categoryId);
  }

  async get(categoryId: number): Promise<CategoryQuestions> {
    const [exists, questions] = await Promise.all([
      categoryExists(this.db, categoryId),
      listCategoryQuestions(this.db, categoryId),
    ]);
    if (!exists) throw notFound(CATEGORY_NOT_FOUND);
    return { categoryId, questions };
  }

  async replace(actor: SessionUser, categoryId: number, body: PutCategoryQuestionsBody): Promise<CategoryQuestions> {
    const questions = await this.db.transaction(async (tx) => {
      if (!(await lockCategory(tx, categoryId))) throw notFound(CATEGORY_NOT_FOUND);
      const before = await listCategoryQuestions(tx, categoryId);
      const ownIds = new Set(before.map((question) => question.id));
      body.questions.forEach((question, index) => {
        if (question.id !== undefined && !ownIds.has(question.id)) {
          throw badRequest(
            'This question is not one of the category’s: reload the page to see the current questions',
            'BAD_REQUEST',
            `questions.${index}.id`,
          );
        }
      });
      const kept = body.questions.flatMap((question) => (question.id === undefined ? [] : [question.id]));
      await deleteQuestionsExcept(tx, categoryId, kept);
      const added = [];
      for (const [position, { id, ...values }] of body.questions.entries()) {
        if (id === undefined) added.push({ ...values, position });
        else await updateQuestion(tx, categoryId, id, { ...values, position });
      }
      await insertQuestions(tx, categoryId, added);
      const after = await listCategoryQuestions(tx, categoryId);
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'category.questions',
        entityType: 'category',
        entityId: categoryId,
        before: { questions: before },
        after: { questions: after },
      });
      return after;
    });
    return { categoryId, questions };
  }
}
