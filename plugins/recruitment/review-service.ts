import { type AuditLog, nameOf } from '../../core/audit/service.ts';
import { UserSchema } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isId } from '../../core/shared/ids.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import { ranksByIdIn, recordRankChangeIn } from '../ranks/index.ts';
import type { UsersPlugin } from '../users/index.ts';
import { type Application, ApplicationHistorySchema, ApplicationSchema } from './entities.ts';
import { recruitmentText } from './i18n/index.ts';
import {
  APPLICATION_STATUS,
  type ApplicationView,
  isOpenStatus,
  mayReview,
  statusName,
  type UpdateStatusInput,
} from './schemas.ts';
import { toApplicationView } from './service.ts';

/** What the applicant is told when a reviewer moves their application (the notice's text), in every language. */
function noticeText(formTitle: string, status: number, reason: string | null, rankName: string | null) {
  const key =
    status === APPLICATION_STATUS.ACCEPTED
      ? rankName
        ? 'notice.acceptedAs'
        : 'notice.accepted'
      : status === APPLICATION_STATUS.DENIED
        ? 'notice.denied'
        : status === APPLICATION_STATUS.HOLD
          ? 'notice.hold'
          : 'notice.pending';
  return textInEveryLocale(recruitmentText, key, (locale) => ({
    form: formTitle,
    rank: rankName ?? '',
    because: reason ? recruitmentText(locale)('notice.because', { reason }) : '',
  }));
}

export interface ReviewServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit' | 'now'> {
  grantHolds: UsersPlugin['grantHolds'];
}

/**
 * Recruitment: forms (RECRUITMENT_MANAGER writes them), applications (anyone signed in applies, within the form's
 * rules) and their review (the §6 view rule, checked here because the guard cannot know the form).

/**
 * Reviewing an application: its status, reason and staff notes. ACCEPTED grants the form's rank in the same
 * transaction; the applicant is told after commit.
 */
export class ReviewService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #now: () => number;
  readonly #grantHolds: UsersPlugin['grantHolds'];

  constructor({ orm, events, audit, now, grantHolds }: ReviewServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#now = now;
    this.#grantHolds = grantHolds;
  }

  /**
   * PATCH .../applications/{id}/update-status. Under the application's row lock: of two reviewers at once, the
   * second decides on what the first committed. ACCEPTED grants the form's rank in the same transaction (rank
   * history written). A decided application (accepted or denied) is final. The applicant is told after commit.
   */
  async updateStatus(actor: CurrentUser, id: string, input: UpdateStatusInput): Promise<ApplicationView> {
    const now = this.#now();
    const outcome = await this.#orm.em.fork().transactional(async (em) => {
      const application = await lockedForReview(em, actor, id, input.status);
      const from = application.status;
      const to = input.status;
      application.status = to;
      application.reason = input.reason;
      if (input.staffNotes !== undefined) application.staffNotes = input.staffNotes;
      application.updatedAt = new Date(now);
      if (!isOpenStatus(to)) application.decidedAt = new Date(now);
      const history = em.create(ApplicationHistorySchema, {
        application,
        from,
        to,
        reason: input.reason,
        by: actor.id,
        byName: nameOf(actor).slice(0, 64),
        createdAt: new Date(now),
      });
      const granted = to === APPLICATION_STATUS.ACCEPTED ? await this.#grantRank(em, actor, application) : null;
      await this.#audit.record(em, {
        actor,
        action: 'application.status',
        target: {
          type: 'application',
          id: application.id,
          name: `${application.formTitle}: ${nameOf(application.user)}`.slice(0, 100),
        },
        before: { status: statusName(from) },
        after: { status: statusName(to), ...(granted && { rankGranted: granted.name }) },
        reason: input.reason,
      });
      await em.flush();
      const all = await em.find(
        ApplicationHistorySchema,
        { application: id },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      );
      return {
        view: toApplicationView(application, all, true),
        history,
        granted,
        userId: application.user.id,
        formTitle: application.formTitle,
      };
    });
    this.#announce(id, input, outcome);
    return outcome.view;
  }

  /** After commit: the applicant's new ranks (when the form's rank was granted) and their notice. */
  #announce(id: string, input: UpdateStatusInput, outcome: ReviewOutcome): void {
    if (outcome.granted) {
      this.#events.publish('identityChanged', { userId: outcome.userId });
      this.#events.publish('userRanksChanged', {
        userId: outcome.userId,
        ranks: outcome.granted.ranks,
        announce: false,
      });
    }
    this.#events.publish('notice', {
      userId: outcome.userId,
      ref: `application:${id}:${outcome.history.id}`,
      kind: `application.${statusName(input.status)!.toLowerCase()}`,
      ...noticeText(outcome.formTitle, input.status, input.reason, outcome.granted?.name ?? null),
      link: `/recruitment/applications/${id}`,
    });
  }

  /**
   * Gives the applicant the form's rank by hand (if the form names one that still exists and it was not given by hand
   * already), with a rank history entry when what they hold changes. A rank a grant held alone (a store trial week)
   * is now given by hand too, so the grant's end leaves it.
   */
  async #grantRank(
    em: Em,
    actor: CurrentUser,
    application: Application,
  ): Promise<{ name: string; ranks: string[] } | null> {
    const rankId = application.form.rank;
    if (!rankId) return null;
    const [rank] = await ranksByIdIn(em, [rankId]);
    if (!rank) return null;
    const userId = application.user.id;
    await lockRow(em, UserSchema, userId);
    const byHand = await this.#grantHolds.ranksByHandIn(em, userId);
    if (byHand.some((r) => r.id === rank.id)) return null;
    const { before, after } = await this.#grantHolds.setRanksByHandIn(em, userId, [...byHand, rank]);
    const reason = `Accepted: ${application.formTitle}`;
    if (after.length !== before.length)
      recordRankChangeIn(em, {
        userId,
        action: 'rank_update',
        ranksBefore: before,
        ranksAfter: after,
        reason,
        by: actor.id,
      });
    return { name: rank.name, ranks: after };
  }
}

interface ReviewOutcome {
  view: ApplicationView;
  history: { id: string };
  granted: { name: string; ranks: string[] } | null;
  userId: string;
  formTitle: string;
}

/**
 * The application under its row lock, once the actor may move it to `to`: one they may review (not their own), still
 * open (a decision is final), and not already in that status.
 */
async function lockedForReview(em: Em, actor: CurrentUser, id: string, to: number): Promise<Application> {
  if (!isId(id) || !(await lockRow(em, ApplicationSchema, id)))
    throw localizedError(recruitmentText, 'not_found', 'refusal.applicationNotFound');
  const application = await em.findOneOrFail(ApplicationSchema, { id }, { populate: ['user', 'form'], refresh: true });
  if (!mayReview(actor, application.form))
    throw localizedError(recruitmentText, 'forbidden', 'refusal.mayNotReviewForm');
  if (application.user.id === actor.id) throw localizedError(recruitmentText, 'forbidden', 'refusal.ownApplication');
  const from = application.status;
  if (!isOpenStatus(from)) {
    const decided = from === APPLICATION_STATUS.ACCEPTED ? 'refusal.alreadyAccepted' : 'refusal.alreadyDenied';
    throw localizedError(recruitmentText, 'conflict', decided);
  }
  if (to === from)
    throw localizedError(recruitmentText, 'conflict', 'refusal.alreadyInStatus', {
      status: statusName(to)!.toLowerCase(),
    });
  return application;
}
