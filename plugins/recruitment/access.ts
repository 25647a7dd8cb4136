import type { Em, Orm } from '../../core/db/orm.ts';
import { isId } from '../../core/shared/ids.ts';
import { meets } from '../../core/shared/permissions.ts';
import { ApplicationSchema, RecruitmentFormSchema } from './entities.ts';
import { mayReview, type Reviewer } from './schemas.ts';

/**
 * Who may open which recruitment screen, asked of the rows the path names: §6's view rule (VIEW_RECRUITMENT_RESPONSE,
 * or a rank in the form's manageableRanks) depends on the form, so a page guard cannot decide it from permissions
 * alone (the page guards in index.ts's `pages`). Each answer is the one the matching API call gives; the services
 * read the same helpers, so a page lets in exactly whom its calls answer.
 */

/** Form ids whose applications the caller may review (deleted forms too: their applications remain); null: none at all. */
export async function reviewableFormIds(em: Em, actor: Reviewer): Promise<string[] | null> {
  const forms = await em.find(RecruitmentFormSchema, {}, { fields: ['id', 'manageableRanks'] });
  const ids = forms.filter((f) => mayReview(actor, f)).map((f) => f.id);
  return ids.length > 0 || meets(actor, { all: ['VIEW_RECRUITMENT_RESPONSE'] }) ? ids : null;
}

/** A form the sidebar offers a reviewer by rank: its applications' page. */
export interface ReviewedForm {
  id: string;
  title: string;
}

export class RecruitmentAccess {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /**
   * `/staff/admin/recruitment` and `GET .../forms?scope=manage`: RECRUITMENT_MANAGER, VIEW_RECRUITMENT_RESPONSE, or a
   * rank that a form (not deleted) names.
   */
  async mayEnter(actor: Reviewer): Promise<boolean> {
    if (meets(actor, { any: ['RECRUITMENT_MANAGER', 'VIEW_RECRUITMENT_RESPONSE'] })) return true;
    return (await this.formsReviewedByRank(actor)).length > 0;
  }

  /** `/staff/admin/recruitment/applications` (every application the caller reviews, across forms). */
  async reviewsAny(actor: Reviewer): Promise<boolean> {
    return (await reviewableFormIds(this.#orm.em.fork(), actor)) !== null;
  }

  /**
   * `/staff/admin/recruitment/{id}/applications` and `GET .../forms/{id}/applications`: §6's view rule for that form;
   * null when there is no such form (deleted ones included), which the page and the call answer with 404.
   */
  async mayReviewForm(actor: Reviewer, formId: string): Promise<boolean | null> {
    const form = isId(formId)
      ? await this.#orm.em
          .fork()
          .findOne(RecruitmentFormSchema, { id: formId, deletedAt: null }, { fields: ['manageableRanks'] })
      : null;
    return form ? mayReview(actor, form) : null;
  }

  /** `/staff/admin/recruitment/{id}`: the builder for RECRUITMENT_MANAGER, the form read-only for its reviewers. */
  async mayOpenForm(actor: Reviewer, formId: string): Promise<boolean | null> {
    const reviews = await this.mayReviewForm(actor, formId);
    return reviews === null ? null : reviews || meets(actor, { all: ['RECRUITMENT_MANAGER'] });
  }

  /** `/staff/admin/recruitment/{id}/applications/{applicationID}` and its update-status call: §6's rule for its form. */
  async mayReviewApplication(actor: Reviewer, applicationId: string): Promise<boolean | null> {
    if (!isId(applicationId)) return null;
    const application = await this.#orm.em
      .fork()
      .findOne(ApplicationSchema, { id: applicationId }, { populate: ['form'], fields: ['form.manageableRanks'] });
    return application ? mayReview(actor, application.form) : null;
  }

  /**
   * The forms (not deleted) a caller reviews only through a rank they hold, for the sidebar; empty for someone whose
   * permissions already open every form (they get the one Recruitment entry) and for someone without a rank (no query).
   */
  async formsReviewedByRank(actor: Reviewer): Promise<ReviewedForm[]> {
    if (actor.ranks.length === 0 || meets(actor, { any: ['RECRUITMENT_MANAGER', 'VIEW_RECRUITMENT_RESPONSE'] }))
      return [];
    const forms = await this.#orm.em
      .fork()
      .find(
        RecruitmentFormSchema,
        { deletedAt: null, manageableRanks: { $overlap: actor.ranks.map((rank) => rank.id) } },
        { fields: ['id', 'title'], orderBy: { createdAt: 'asc', id: 'asc' } },
      );
    return forms.map((form) => ({ id: form.id, title: form.title }));
  }
}
