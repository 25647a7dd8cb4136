/**
 * The one event every feature publishes when it decides something that concerns a user (an appeal decided, an
 * application's status changed, a leave request approved or denied; later gifts, rewards, report outcomes).
 * Features never store notices or DM themselves: plugins/notifications stores the notice (once per `ref`, so a
 * notice heard by several processes is stored once), sends it live to the user's sockets, and the discord plugin
 * DMs its text when the bot is configured and the user has not turned DMs off.
 */
import type { Locale } from '../../core/i18n/locales.ts';
import type { NoticeEventData } from './schemas.ts';

declare module '../../core/events.ts' {
  interface DomainEvents {
    notice: {
      /** Who is told. */
      userId: string;
      /** Unique per decision, e.g. `appeal:<id>:decided`: the same ref twice stores one notice. */
      ref: string;
      /** What kind of decision, e.g. `appeal.accepted`, `application.hold`, `leave.approved`. */
      kind: string;
      /** One or two sentences in the diner's words, shown in the bell's list and sent as the DM: English. */
      text: string;
      /**
       * The same in every language the diner speaks (`textInEveryLocale`, core/i18n): the notice is stored in its
       * user's language (their setting), so the bell and the DM read it in that language. Without it, `text`.
       */
      texts?: Readonly<Record<Locale, string>>;
      /** Where on the site the user reads more (a path such as `/appeal/<id>`), or null. */
      link: string | null;
    };
    /** A notice was stored (published once, by the process that stored it): the gateway sends it to the user. */
    noticeCreated: { userId: string; id: string; kind: string; text: string; link: string | null; createdAt: string };
  }
}

/** A stored notice, live to its user's sockets (index.ts). */
declare module '../../core/gateway/protocol.ts' {
  interface GatewayEvents {
    notice: NoticeEventData;
  }
}
