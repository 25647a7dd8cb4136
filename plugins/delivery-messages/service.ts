import type { FilterQuery } from '@mikro-orm/core';
import type { InferKyselyDB } from '@mikro-orm/sql';
import type { AuditLog } from '../../core/audit/service.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { containsPattern } from '../../core/db/like.ts';
import { lockName, lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isId } from '../../core/shared/ids.ts';
import { meets } from '../../core/shared/permissions.ts';
import { type DeliveryMessage, DeliveryMessageSchema } from './entities.ts';
import { deliveryMessagesText } from './i18n/index.ts';
import {
  type CreateDeliveryMessageInput,
  type DeliveryMessagesQuery,
  type DeliveryMessagesResponse,
  type DeliveryMessageView,
  DIRECTORY,
  MESSAGE_MANAGER,
  SLUG_MAX,
  slugify,
  type UpdateDeliveryMessageInput,
} from './schemas.ts';

const byRef = (ref: string): FilterQuery<DeliveryMessage> => (isId(ref) ? { id: ref } : { slug: ref });
const taken = (slug: string) => localizedError(deliveryMessagesText, 'conflict', 'refusal.slugTaken', { slug });
const notFound = () => localizedError(deliveryMessagesText, 'not_found', 'refusal.notFound');

function target(row: DeliveryMessage) {
  return { type: 'deliveryMessage' as const, id: row.id, name: row.title };
}
const fields = (row: DeliveryMessage) => ({ title: row.title, slug: row.slug, message: row.message });

export interface DeliveryMessagesServiceDeps extends Pick<ServiceKernel, 'orm' | 'audit' | 'now'> {}

/**
 * The premade delivery message directory (issue 15). Anyone passing the sidebar rule (DIRECTORY) reads, creates and
 * uses messages; the author or a user manager (MESSAGE_MANAGER) edits and deletes them, and a manager's edit or
 * deletion of someone else's message is audited in its transaction.
 */
export class DeliveryMessagesService {
  readonly #orm: Orm;
  readonly #audit: AuditLog;
  readonly #now: () => number;

  constructor({ orm, audit, now }: DeliveryMessagesServiceDeps) {
    this.#orm = orm;
    this.#audit = audit;
    this.#now = now;
  }

  view(actor: CurrentUser, row: DeliveryMessage): DeliveryMessageView {
    const author = row.author;
    return {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      message: row.message,
      author: author ? { id: author.id, username: author.username, displayName: author.displayName ?? null } : null,
      uses: row.uses,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      editable: this.mayEdit(actor, row),
    };
  }

  mayEdit(actor: CurrentUser, row: DeliveryMessage): boolean {
    return row.author?.id === actor.id || meets(actor, MESSAGE_MANAGER);
  }

  /** GET /api/client/delivery-messages?query: title and message searched (case-insensitive), paged. */
  async list(actor: CurrentUser, query: DeliveryMessagesQuery): Promise<DeliveryMessagesResponse> {
    const where: FilterQuery<DeliveryMessage> = {};
    if (query.query) {
      const pattern = containsPattern(query.query);
      where.$or = [{ title: { $ilike: pattern } }, { message: { $ilike: pattern } }];
    }
    if (query.mine === 'true') where.author = actor.id;
    const [rows, total] = await this.#orm.em.fork().findAndCount(DeliveryMessageSchema, where, {
      populate: ['author'],
      orderBy: { [query.sort]: query.order, id: 'desc' },
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { deliveryMessages: rows.map((row) => this.view(actor, row)), total };
  }

  /** GET /api/client/delivery-messages/{slug or id}. */
  async get(actor: CurrentUser, ref: string): Promise<DeliveryMessageView> {
    const row = await this.#orm.em.fork().findOne(DeliveryMessageSchema, byRef(ref), { populate: ['author'] });
    if (!row) throw notFound();
    return this.view(actor, row);
  }

  /**
   * POST /api/client/delivery-messages. A slug given is the author's choice: taken, a 409. A slug generated from the
   * title that is taken gets the first free `-2`, `-3`…; the choice runs under a lock on the base slug, so two
   * creates with one title at once get two slugs (and the unique index would turn any miss into a 409, never a 500).
   */
  async create(actor: CurrentUser, input: CreateDeliveryMessageInput): Promise<DeliveryMessageView> {
    const id = await this.#write(async (em) => {
      const base = input.slug ?? slugify(input.title);
      await lockName(em, `delivery-message-slug:${base}`);
      let slug = base;
      if (input.slug) {
        if (await em.count(DeliveryMessageSchema, { slug })) throw taken(slug);
      } else {
        slug = await this.#freeSlug(em, base);
      }
      const now = new Date(this.#now());
      const row = em.create(DeliveryMessageSchema, {
        slug,
        title: input.title,
        message: input.message,
        author: actor.id,
        uses: 0,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      return row.id;
    }, input.slug ?? slugify(input.title));
    return this.get(actor, id);
  }

  /** PATCH /api/client/delivery-messages/{slug or id}: the author, or a manager (audited when not theirs). */
  async update(actor: CurrentUser, ref: string, input: UpdateDeliveryMessageInput): Promise<DeliveryMessageView> {
    const id = await this.#write(async (em) => {
      const row = await this.#editable(em, actor, ref);
      if (input.slug && input.slug !== row.slug) {
        await lockName(em, `delivery-message-slug:${input.slug}`);
        if (await em.count(DeliveryMessageSchema, { slug: input.slug })) throw taken(input.slug);
      }
      const before = fields(row);
      if (input.title !== undefined) row.title = input.title;
      if (input.slug !== undefined) row.slug = input.slug;
      if (input.message !== undefined) row.message = input.message;
      row.updatedAt = new Date(this.#now());
      if (row.author?.id !== actor.id) {
        const after = fields(row);
        const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => before[key] !== after[key]);
        const pick = (o: typeof after) => Object.fromEntries(changed.map((key) => [key, o[key]]));
        await this.#audit.record(em, {
          actor,
          action: 'deliveryMessage.update',
          target: target(row),
          before: pick(before),
          after: pick(after),
        });
      }
      await em.flush();
      return row.id;
    }, input.slug ?? '');
    return this.get(actor, id);
  }

  /** DELETE /api/client/delivery-messages/{slug or id}: the author, or a manager (audited when not theirs). Drivers who took it keep their copy. */
  async delete(actor: CurrentUser, ref: string): Promise<void> {
    await this.#orm.em.fork().transactional(async (em) => {
      const row = await this.#editable(em, actor, ref);
      if (row.author?.id !== actor.id) {
        await this.#audit.record(em, {
          actor,
          action: 'deliveryMessage.delete',
          target: target(row),
          before: fields(row),
          after: null,
        });
      }
      em.remove(row);
    });
  }

  /**
   * Using a message (the users plugin's premade-messages route, inside its transaction): one statement finds it and
   * counts the use, so uses racing each other are all counted.
   */
  async use(em: Em, actor: CurrentUser, ref: string): Promise<string> {
    if (!meets(actor, DIRECTORY)) throw localizedError(deliveryMessagesText, 'forbidden', 'refusal.notPermitted');
    const row = await em
      .getKysely<InferKyselyDB<typeof DeliveryMessageSchema>>()
      .updateTable('delivery_messages')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where(isId(ref) ? 'id' : 'slug', '=', ref)
      .returning('message')
      .executeTakeFirst();
    if (!row) throw notFound();
    return row.message;
  }

  /** The message `ref` names, its row locked, if `actor` may edit it; 404 if it does not exist, 403 if not theirs. */
  async #editable(em: Em, actor: CurrentUser, ref: string): Promise<DeliveryMessage> {
    const found = await em.findOne(DeliveryMessageSchema, byRef(ref), { fields: ['id'] });
    if (!found || !(await lockRow(em, DeliveryMessageSchema, found.id))) throw notFound();
    const row = await em.findOneOrFail(
      DeliveryMessageSchema,
      { id: found.id },
      { populate: ['author'], refresh: true },
    );
    if (!this.mayEdit(actor, row)) throw localizedError(deliveryMessagesText, 'forbidden', 'refusal.notAuthor');
    return row;
  }

  /** `base`, else `base-2`, `base-3`…: the first not taken (the caller holds the lock on `base`). */
  async #freeSlug(em: Em, base: string): Promise<string> {
    const rows = await em.find(
      DeliveryMessageSchema,
      { $or: [{ slug: base }, { slug: { $like: `${base}-%` } }] },
      { fields: ['slug'] },
    );
    const used = new Set(rows.map((row) => row.slug));
    if (!used.has(base)) return base;
    for (let n = 2; ; n++) {
      const slug = `${base.slice(0, SLUG_MAX - String(n).length - 1)}-${n}`;
      if (!used.has(slug)) return slug;
    }
  }

  /** A write in a transaction; the unique index's refusal (a slug taken in a way the locks did not see) is a 409. */
  async #write<T>(work: (em: Em) => Promise<T>, slug: string): Promise<T> {
    try {
      return await this.#orm.em.fork().transactional(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(slug);
      throw error;
    }
  }
}
