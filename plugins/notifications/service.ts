import { IsolationLevel } from '@mikro-orm/core';
import type { InferKyselyDB } from '@mikro-orm/sql';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { DomainEvents, EventBus } from '../../core/events.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { pickLocale } from '../../core/i18n/locales.ts';
import { newId } from '../../core/ids.ts';
import { type Notification, NotificationPreferenceSchema, NotificationSchema } from './entities.ts';
import { notificationsText } from './i18n/index.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type {
  MarkAllReadResponse,
  MarkReadResponse,
  NotificationPreferences,
  NotificationsQuery,
  NotificationsResponse,
  NotificationView,
} from './schemas.ts';

type Notice = DomainEvents['notice'];

/** The notices, the preferences and core's users (whom a notice is for), typed from the entities. */
const notificationsSql = (em: Em) =>
  em.getKysely<InferKyselyDB<typeof NotificationSchema | typeof NotificationPreferenceSchema | typeof UserSchema>>();

/** A notice whose DM this process has taken on: whom to send what. */
export interface ClaimedDm {
  userId: string;
  text: string;
  link: string | null;
}

interface NotificationRow {
  id: string;
  user_id: string;
  kind: string;
  text: string;
  link: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toNotificationView(row: Notification | NotificationRow): NotificationView {
  if ('user_id' in row) {
    return {
      id: row.id,
      kind: row.kind,
      text: row.text,
      link: row.link,
      createdAt: iso(row.created_at)!,
      readAt: iso(row.read_at),
    };
  }
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link ?? null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export interface NotificationsServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'now'> {}

/**
 * What users are told: notices stored once per `(user, ref)` from the `notice` event, listed newest first, marked
 * read one by one or all at once, and the user's preference for DMs. A user only ever reads and marks their own:
 * another user's notice is "not found", never "forbidden".
 */
export class NotificationsService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #now: () => number;

  constructor({ orm, events, now }: NotificationsServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#now = now;
  }

  /** Listens to `notice` (from this process and, through the event bridge, every other). Returns what stops it. */
  listen(): () => void {
    return this.#events.on('notice', async (notice) => {
      await this.store(notice);
    });
  }

  /**
   * Stores a notice unless one with its ref is already stored for the user (or the user does not exist): one
   * statement, `insert … on conflict do nothing`, so of several processes hearing the same notice exactly one
   * stores it, and only that one publishes `noticeCreated`. Answers the stored notice, or null.
   */
  async store(notice: Notice): Promise<NotificationView | null> {
    const text = await this.#textFor(notice);
    const db = notificationsSql(this.#orm.em.fork());
    const rows = await db
      .insertInto('notifications')
      .columns(['id', 'user_id', 'ref', 'kind', 'text', 'link', 'created_at'])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(newId(this.#now())).as('id'),
            eb.val(notice.userId).as('user_id'),
            eb.val(notice.ref).as('ref'),
            eb.val(notice.kind).as('kind'),
            eb.val(text).as('text'),
            eb.val(notice.link).as('link'),
            eb.val(new Date(this.#now())).as('created_at'),
          ])
          .where(({ exists, selectFrom }) =>
            exists(selectFrom('users').select('users.id').where('users.id', '=', notice.userId)),
          ),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'ref']).doNothing())
      .returning(['id', 'user_id', 'kind', 'text', 'link', 'created_at', 'read_at'])
      .execute();
    const row = rows[0];
    if (!row) return null;
    const view = toNotificationView(row);
    this.#events.publish('noticeCreated', {
      userId: notice.userId,
      id: view.id,
      kind: view.kind,
      text: view.text,
      link: view.link,
      createdAt: view.createdAt,
    });
    return view;
  }

  /** The notice's words in its user's language (their setting), when the feature worded it in every language. */
  async #textFor(notice: Notice): Promise<string> {
    if (!notice.texts) return notice.text;
    const user = await this.#orm.em.fork().findOne(UserSchema, { id: notice.userId }, { fields: ['settings'] });
    return notice.texts[pickLocale(user?.settings?.locale)];
  }

  /**
   * GET /api/client/notifications: the user's notices, newest first, with the unread count. The page, the total and
   * the count are read in one snapshot (a repeatable-read transaction): the bell adds what it heard live and the
   * page lacks, so a count from a later moment than the page would count a new notice twice.
   */
  async list(userId: string, query: NotificationsQuery): Promise<NotificationsResponse> {
    return this.#orm.em.fork().transactional(
      async (em) => {
        const [rows, total] = await em.findAndCount(
          NotificationSchema,
          { user: userId },
          {
            orderBy: { createdAt: 'desc', id: 'desc' },
            limit: query.pageSize,
            offset: (query.page - 1) * query.pageSize,
          },
        );
        const unread = await em.count(NotificationSchema, { user: userId, readAt: null });
        return {
          notifications: rows.map(toNotificationView),
          total,
          unread,
          page: query.page,
          pageSize: query.pageSize,
        };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  /** The bell's number. */
  async unreadCount(userId: string): Promise<number> {
    return this.#orm.em.fork().count(NotificationSchema, { user: userId, readAt: null });
  }

  /** POST /api/client/notifications/{id}/read: idempotent; someone else's notice is not found. */
  async markRead(userId: string, id: string): Promise<MarkReadResponse> {
    const em = this.#orm.em.fork();
    await em.nativeUpdate(NotificationSchema, { id, user: userId, readAt: null }, { readAt: new Date(this.#now()) });
    const row = await em.findOne(NotificationSchema, { id, user: userId });
    if (!row) throw localizedError(notificationsText, 'not_found', 'refusal.notFound');
    return { notification: toNotificationView(row), unread: await this.unreadCount(userId) };
  }

  /** POST /api/client/notifications/read-all. */
  async markAllRead(userId: string): Promise<MarkAllReadResponse> {
    const marked = await this.#orm.em
      .fork()
      .nativeUpdate(NotificationSchema, { user: userId, readAt: null }, { readAt: new Date(this.#now()) });
    return { marked, unread: 0 };
  }

  /** GET /api/client/notifications/preferences: no row is the defaults. */
  async preferences(userId: string): Promise<NotificationPreferences> {
    const row = await this.#orm.em.fork().findOne(NotificationPreferenceSchema, { user: userId });
    return { dms: row?.dms ?? true };
  }

  /** PUT /api/client/notifications/preferences: one upsert. */
  async setPreferences(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    await this.#orm.em
      .fork()
      .upsert(NotificationPreferenceSchema, { user: userId, dms: preferences.dms, updatedAt: new Date(this.#now()) });
    return { dms: preferences.dms };
  }

  /**
   * Takes on sending a notice's DM: one conditional update (`dm_claimed_at is null`, and the user has not turned
   * DMs off), so of several processes hearing `noticeCreated` exactly one DMs it. Null: already taken, DMs off, or
   * no such notice.
   */
  async claimDm(id: string): Promise<ClaimedDm | null> {
    const rows = await notificationsSql(this.#orm.em.fork())
      .updateTable('notifications')
      .set({ dm_claimed_at: new Date(this.#now()) })
      .where('id', '=', id)
      .where('dm_claimed_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notification_preferences as p')
              .select('p.user_id')
              .whereRef('p.user_id', '=', 'notifications.user_id')
              .where((eb) => eb.not(eb.ref('p.dms'))),
          ),
        ),
      )
      .returning(['user_id', 'text', 'link'])
      .execute();
    const row = rows[0];
    return row ? { userId: row.user_id, text: row.text, link: row.link } : null;
  }
}
