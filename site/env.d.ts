/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user (Fastify resolved the session), null for a visitor. */
    user: import('../core/auth/sessions.ts').CurrentUser | null;
    /**
     * The plugins the server runs (plugins/index.ts, or a test's list): their definitions' page guards and staff
     * sidebar entries (site/lib/route-guards.ts, site/lib/staff-sidebar.ts).
     */
    /**
     * The page's language: the user's setting, else the VD_LOCALE cookie, else Accept-Language, else English
     * (core/i18n/locales.ts `siteLocaleOf`).
     */
    locale: import('../core/i18n/locales.ts').Locale;
    plugins: readonly import('../core/plugin.ts').AnyPlugin[];
    /** Every plugin's service, by plugin name: pages read data here, never over HTTP nor from the database. */
    services: import('../plugins/index.ts').Services;
    /** The kernel's audit log (core/audit): the audit log screen and the profile's entries read it. */
    audit: import('../core/audit/service.ts').AuditLog;
    config: import('../core/config.ts').PublicConfig;
    /** The backups (core/backup/): the newest in BACKUP_DIR and the web process's schedule, for Site Settings. */
    backups: () => Promise<import('../core/backup/runner.ts').BackupStatus>;
    /** The path of the URL the browser asked for (core/http/site.ts requestedPath): what the error page shows. */
    requestedPath: string;
    /** What a page's render threw when site/middleware.ts hands it to the error page (a service's refusal). */
    pageError?: unknown;
  }
}
