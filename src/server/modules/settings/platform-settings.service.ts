/**
 * The platform's switches: the admin screen reads and changes them,
 * each change with its audit entry in the same transaction; other modules ask here for the ones
 * their decisions need (notification switches, the quote inactivity timeout).
 */
import type { Db, DbOrTx } from '@/server/db/client';
import type { NotificationSwitches } from '@/server/db/notification-switches-sql';
import { badRequest } from '@/server/lib/app-error';
import { DEFAULT_MAX_COMPANIES_PER_QUOTE } from '@/shared/constants';
import { PLATFORM_SETTING_KEYS, type PlatformSettingsBody } from '@/shared/schemas/admin';
import type { AuditService } from '../audit/audit.service';
import { COMPANY_IMAGE_RULES } from '../companies/company-editing.service';
import type { ImagesService } from '../images/images.service';
import type { SessionUser } from '../users/users.service';
import { listSettings, lockSettings, readNotificationSwitches, readSetting, upsertSetting } from './platform-settings.repository';

/** The brand's two pictures, each a setting holding a stored object's id. */
export const BRAND_IMAGES = { logo: 'brand_logo_object_id', favicon: 'brand_favicon_object_id' } as const;
export type BrandImage = keyof typeof BRAND_IMAGES;

export class PlatformSettingsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly images?: ImagesService,
    /** Told after every change, so that what holds a copy of the settings (the catalogue's languages and brand) reads them again. */
    private readonly changed: () => Promise<void> = async () => {},
  ) {}

  /**
   * Puts an uploaded logo or favicon in place: the image pipeline (type checked by its bytes,
   * re-encoded, metadata dropped) writes it, and its id becomes the setting, audited, in one
   * transaction; a refused image changes nothing.
   */
  async setBrandImage(
    actor: SessionUser,
    which: BrandImage,
    bytes: Buffer,
  ): Promise<{ settings: { key: string; value: string }[] }> {
    if (!this.images) throw new Error('the images service is needed for brand images');
    const prepared = await this.images.prepare(bytes, COMPANY_IMAGE_RULES, 'upload', actor.id);
    try {
      await this.db.transaction(async (tx) => {
        const before = await lockSettings(tx);
        await this.images!.record(tx, prepared);
        const key = BRAND_IMAGES[which];
        await upsertSetting(tx, key, prepared.answer.objectId);
        await this.audit.record(tx, {
          actorUserId: actor.id,
          action: 'platform_settings.update',
          entityType: 'platform_settings',
          entityId: 'platform',
          before: { [key]: before.get(key) ?? null },
          after: { [key]: prepared.answer.objectId },
        });
      });
    } catch (error) {
      await this.images.discard(prepared);
      throw error;
    }
    await this.changed();
    return this.list();
  }

  /** The known keys, alphabetically (a stray row in the table is not shown). */
  async list(): Promise<{ settings: { key: string; value: string }[] }> {
    const rows = await listSettings(this.db);
    const known = new Set<string>(PLATFORM_SETTING_KEYS);
    return { settings: rows.filter((row) => known.has(row.key)).sort((a, b) => a.key.localeCompare(b.key)) };
  }

  async update(actor: SessionUser, body: PlatformSettingsBody): Promise<{ settings: { key: string; value: string }[] }> {
    const changes = Object.entries(body).flatMap(([key, value]): [string, string][] =>
      value === undefined ? [] : [[key, Array.isArray(value) ? value.join(',') : String(value)]],
    );
    if (changes.length === 0) throw badRequest('Nothing to update');
    await this.db.transaction(async (tx) => {
      const before = await lockSettings(tx);
      // The default language is one a visitor can choose: it must stay among those offered.
      const next = new Map([...before, ...changes]);
      const defaultLanguage = next.get('default_language');
      const offered = next.get('offered_languages');
      if (defaultLanguage !== undefined && offered !== undefined && !offered.split(',').includes(defaultLanguage))
        throw badRequest(
          'The default language must be one of the languages offered',
          'BAD_REQUEST',
          body.default_language !== undefined ? 'default_language' : 'offered_languages',
        );
      const after: Record<string, string> = {};
      for (const [key, value] of changes) {
        after[key] = value;
        await upsertSetting(tx, key, value);
      }
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'platform_settings.update',
        entityType: 'platform_settings',
        entityId: 'platform',
        before: Object.fromEntries(Object.keys(after).map((key) => [key, before.get(key) ?? null])),
        after,
      });
    });
    await this.changed();
    return this.list();
  }

  /** The four notification switches (a missing key counts as on); `db` may be the caller's transaction. */
  async readNotificationSwitches(db: DbOrTx = this.db): Promise<NotificationSwitches> {
    return readNotificationSwitches(db);
  }

  /** Companies one quote request may go to; 0 is no cap, a missing or broken value the default. */
  async maxCompaniesPerQuote(db: DbOrTx = this.db): Promise<number> {
    const stored = Number.parseInt((await readSetting(db, 'quote_max_companies')) ?? '', 10);
    return Number.isInteger(stored) && stored >= 0 ? stored : DEFAULT_MAX_COMPANIES_PER_QUOTE;
  }

  /** Days without activity after which a submitted quote completes; 0 (never) when unset or not a positive number. */
  async quoteInactivityDays(db: DbOrTx = this.db): Promise<number> {
    const days = Number.parseInt((await readSetting(db, 'quote_inactivity_timeout_days')) ?? '0', 10);
    return Number.isFinite(days) && days > 0 ? days : 0;
  }
}
