import { Migration } from '@mikro-orm/migrations';

/**
 * The store's writes as SQL functions (docs/store.md, "Coins", "Grants", "Purchases"): a purchase was seven round
 * trips and is now one statement, `select * from store_purchase(…)`, run outside an explicit transaction (the
 * function is atomic: anything it raises rolls back everything it wrote). `coin_apply` is the ledger's one change and
 * `grant_apply` the one grant; the ledger's creditIn/debitIn and the grants' grantIn call them too, so each rule is
 * written once. A refusal is `raise exception` with SQLSTATE P0001, a message `store:<key>` and, where the caller's
 * message needs figures, a JSON detail: plugins/store/refusals.ts turns it into the DomainError the service throws.
 *
 * Ids, times, the coin ceiling and a rank history entry's reason come from the caller (snowflake ids, the service's
 * clock, MAX_COINS, grants.ts reasonOf), so none of them is written here a second time.
 */
export class Migration20261125160000_StoreFunctions extends Migration {
  override name = 'Migration20261125160000_StoreFunctions';

  override up(): void | Promise<void> {
    // The ledger row first, unique per user and reference: a change applied again waits for the first to commit and
    // then changes nothing (applied false). Then the wallet: a credit creates it or adds up to the ceiling, a debit is
    // one conditional update, so of many debits at once only those the balance covers get through.
    this.addSql(`create function "coin_apply"(p_id text, p_user text, p_amount int, p_kind text, p_reference text, p_reason text, p_at timestamptz, p_max int,
      out "applied" boolean, out "balance" int) language plpgsql as $$
      #variable_conflict use_column
      declare
        v_balance int;
      begin
        insert into "coin_transactions" ("id", "user_id", "amount", "kind", "reference", "reason", "created_at")
        values (p_id, p_user, p_amount, p_kind, p_reference, p_reason, p_at)
        on conflict ("user_id", "reference") do nothing;
        if not found then
          applied := false;
          balance := coalesce((select w."balance" from "wallets" w where w."user_id" = p_user), 0);
          return;
        end if;
        if p_amount > 0 then
          insert into "wallets" as w ("user_id", "balance") values (p_user, p_amount)
          on conflict ("user_id") do update set "balance" = w."balance" + excluded."balance" where w."balance" + excluded."balance" <= p_max
          returning w."balance" into v_balance;
          if not found then
            raise exception using errcode = 'P0001', message = 'store:over_max';
          end if;
        else
          update "wallets" w set "balance" = w."balance" + p_amount where w."user_id" = p_user and w."balance" >= -p_amount
          returning w."balance" into v_balance;
          if not found then
            v_balance := coalesce((select w."balance" from "wallets" w where w."user_id" = p_user), 0);
            raise exception using errcode = 'P0001', message = 'store:short',
              detail = json_build_object('balance', v_balance, 'short', -p_amount - v_balance)::text;
          end if;
        end if;
        applied := true;
        balance := v_balance;
      end $$;`);

    // Under the user's row lock (the lock the user manager's rank changes take), so grants, their ends and a
    // manager's edits of one user run one after the other, and what is read after it is what committed before.
    // The same grant again (user, source, reference, kind, value) while active only moves its end. A run-on end
    // (p_days_after_latest) starts from the end of the user's latest active grant of the same kind, value and source.
    // "changed": the grant added the perk or rank (the user did not hold it); "ends_at": the grant's end.
    this.addSql(`create function "grant_apply"(p_id text, p_user text, p_kind text, p_value text, p_source text, p_source_ref text,
      p_ends_at timestamptz, p_days_after_latest int, p_now timestamptz, p_history_id text, p_history_reason text,
      out "changed" boolean, out "ends_at" timestamptz) language plpgsql as $$
      #variable_conflict use_column
      declare
        v_perks text[];
        v_before text[];
        v_added boolean;
        v_ends timestamptz;
      begin
        select u."perks" into v_perks from "users" u where u."id" = p_user for no key update;
        if not found then
          raise exception using errcode = 'P0001', message = 'store:no_user';
        end if;
        if p_kind = 'perk' then
          v_added := not (p_value = any(v_perks));
        else
          if not exists (select 1 from "ranks" r where r."id" = p_value) then
            raise exception using errcode = 'P0001', message = 'store:unknown_rank';
          end if;
          -- Highest first, as the user manager writes the history.
          v_before := array(select r."id" from "user_ranks" ur join "ranks" r on r."id" = ur."rank_id" where ur."user_id" = p_user order by r."position" desc);
          v_added := not (p_value = any(v_before));
        end if;
        v_ends := case when p_days_after_latest is null then p_ends_at else
          greatest(p_now, (select max(g."ends_at") from "grants" g
            where g."user_id" = p_user and g."kind" = p_kind and g."value" = p_value and g."source" = p_source and g."ended_at" is null))
          + make_interval(days => p_days_after_latest) end;
        ends_at := v_ends;
        update "grants" g set "ends_at" = v_ends
        where g."user_id" = p_user and g."source" = p_source and g."source_ref" = p_source_ref and g."kind" = p_kind and g."value" = p_value and g."ended_at" is null;
        if found then
          changed := false;
          return;
        end if;
        insert into "grants" ("id", "user_id", "kind", "value", "source", "source_ref", "added", "started_at", "ends_at", "ended_at")
        values (p_id, p_user, p_kind, p_value, p_source, p_source_ref, v_added, p_now, v_ends, null);
        if v_added and p_kind = 'perk' then
          update "users" u set "perks" = array_append(u."perks", p_value) where u."id" = p_user;
        elsif v_added then
          insert into "user_ranks" ("user_id", "rank_id") values (p_user, p_value);
          insert into "rank_history" ("id", "user_id", "action", "ranks_before", "ranks_after", "reason", "by", "created_at")
          values (p_history_id, p_user, 'grant', v_before,
            array(select r."id" from "ranks" r where r."id" = any(v_before) or r."id" = p_value order by r."position" desc),
            p_history_reason, null, clock_timestamp());
        end if;
        changed := v_added;
      end $$;`);

    // A purchase, for oneself (p_recipient = p_buyer) or a gift (the caller checked the recipient and passes both
    // names for the ledger's reasons). In order: the item (unknown, off sale, sold out); with a per-user limit, the
    // purchases of this item the recipient received, counted under the recipient's row lock; the coins (two wallets
    // always in the order of their user ids, so two coin gifts between the same users never wait on each other in a
    // circle); the grant; last the purchase row with the stock's conditional decrement, so the item's row is locked
    // as briefly as possible. "changed": the recipient's perks or ranks changed (the caller announces it).
    this.addSql(`create function "store_purchase"(p_id text, p_item text, p_buyer text, p_recipient text, p_buyer_name text, p_recipient_name text,
      p_now timestamptz, p_max_coins int, p_debit_id text, p_credit_id text, p_grant_id text, p_history_id text, p_history_reason text,
      out "balance" int, out "ends_at" timestamptz, out "status" text, out "item_name" text, out "price" int, out "changed" boolean) language plpgsql as $$
      #variable_conflict use_column
      declare
        v_item "store_items";
        v_gift boolean := p_recipient <> p_buyer;
        v_debit_kind text;
        v_debit_reason text;
        v_credit_kind text;
        v_credit_reason text;
        v_balance int;
        v_credited int;
        v_granted record;
        v_status text;
        v_ends timestamptz;
      begin
        select * into v_item from "store_items" i where i."id" = p_item;
        if not found then
          raise exception using errcode = 'P0001', message = 'store:item_not_found';
        end if;
        if not v_item."on_sale" then
          raise exception using errcode = 'P0001', message = 'store:not_on_sale';
        end if;
        if v_item."stock" = 0 then
          raise exception using errcode = 'P0001', message = 'store:sold_out';
        end if;
        -- The recipient's row lock before any wallet's, as every unit of work that takes both does (no two wait on
        -- each other in a circle); grant_apply takes it again below, a no-op.
        if v_item."per_user_limit" is not null or v_item."grant_kind" in ('perk', 'rank') then
          perform 1 from "users" u where u."id" = p_recipient for no key update;
          if not found then
            raise exception using errcode = 'P0001', message = 'store:no_user';
          end if;
        end if;
        if v_item."per_user_limit" is not null then
          if (select count(*) from "store_purchases" p where p."item_id" = p_item and p."recipient_id" = p_recipient) >= v_item."per_user_limit" then
            raise exception using errcode = 'P0001', message = 'store:limit', detail = json_build_object('limit', v_item."per_user_limit")::text;
          end if;
        end if;

        v_debit_kind := case when v_gift then 'GIFT_SENT' else 'PURCHASE' end;
        v_debit_reason := case when v_gift then v_item."name" || ', a gift for ' || p_recipient_name else v_item."name" end;
        if v_item."grant_kind" <> 'coins' then
          v_balance := (coin_apply(p_debit_id, p_buyer, -v_item."price", v_debit_kind, 'purchase:' || p_id, v_debit_reason, p_now, p_max_coins))."balance";
        else
          v_credit_kind := case when v_gift then 'GIFT_RECEIVED' else 'REWARD' end;
          v_credit_reason := case when v_gift then v_item."name" || ', a gift from ' || p_buyer_name else v_item."name" end;
          if v_gift and p_recipient < p_buyer then
            perform coin_apply(p_credit_id, p_recipient, v_item."grant_coins", v_credit_kind, 'purchase:' || p_id || ':coins', v_credit_reason, p_now, p_max_coins);
            v_balance := (coin_apply(p_debit_id, p_buyer, -v_item."price", v_debit_kind, 'purchase:' || p_id, v_debit_reason, p_now, p_max_coins))."balance";
          else
            v_balance := (coin_apply(p_debit_id, p_buyer, -v_item."price", v_debit_kind, 'purchase:' || p_id, v_debit_reason, p_now, p_max_coins))."balance";
            v_credited := (coin_apply(p_credit_id, p_recipient, v_item."grant_coins", v_credit_kind, 'purchase:' || p_id || ':coins', v_credit_reason, p_now, p_max_coins))."balance";
            if not v_gift then
              v_balance := v_credited;
            end if;
          end if;
        end if;

        changed := false;
        if v_item."grant_kind" in ('perk', 'rank') then
          select * into v_granted from grant_apply(p_grant_id, p_recipient, v_item."grant_kind", v_item."grant_value", 'purchase', p_id,
            null, v_item."grant_days", p_now, p_history_id, p_history_reason);
          changed := v_granted."changed";
          v_ends := v_granted."ends_at";
        end if;
        v_status := case when v_item."grant_kind" = 'custom' then 'awaiting' else 'granted' end;

        if v_item."stock" is not null then
          update "store_items" i set "stock" = i."stock" - 1 where i."id" = p_item and i."on_sale" and i."stock" > 0;
          if not found then
            raise exception using errcode = 'P0001', message = 'store:sold_out';
          end if;
        end if;
        insert into "store_purchases" ("id", "item_id", "buyer_id", "recipient_id", "item_name", "price", "status", "ends_at", "created_at")
        values (p_id, p_item, p_buyer, p_recipient, v_item."name", v_item."price", v_status, v_ends, p_now);

        balance := v_balance;
        ends_at := v_ends;
        status := v_status;
        item_name := v_item."name";
        price := v_item."price";
      end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `drop function if exists "store_purchase"(text, text, text, text, text, text, timestamptz, int, text, text, text, text, text);`,
    );
    this.addSql(
      `drop function if exists "grant_apply"(text, text, text, text, text, text, timestamptz, int, timestamptz, text, text);`,
    );
    this.addSql(`drop function if exists "coin_apply"(text, text, int, text, text, text, timestamptz, int);`);
  }
}
