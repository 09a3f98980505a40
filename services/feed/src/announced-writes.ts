/**
 * The feed's writes whose effect other processes cache (subscriptions, the taxonomy): each is
 * applied, then announced on the bus to the gateways, which drop what they cached. A lost
 * announcement only delays the change until their caches expire (or the bus reconnects): the write
 * never fails for it. (Article imports announce themselves: ArticleImporter.)
 */
import { CHANNELS, type Bus } from '@cfs/common/bus';
import type { PrismaClient } from './generated/prisma/client.ts';
import { replaceSubscriptions } from './subscriptions.ts';
import { importTaxonomy, parseTaxonomy } from './taxonomy.ts';

export class AnnouncedWrites {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly bus: Bus,
    /** The schema of the feed tables (the changes feed's raw SQL names it). */
    private readonly schema: string,
    /** Told after a subscription change committed (it wakes the webhook outbox relay). */
    private readonly committed: () => void = () => undefined,
  ) {}

  /** Replaces a Site's subscriptions as a whole; returns the subscribed category keys. */
  async replaceSubscriptions(siteId: string, categories: string[]): Promise<string[]> {
    const keys = await replaceSubscriptions(this.prisma, this.schema, siteId, categories);
    this.committed();
    // The Site's facts shared by the gateways are retracted with the announcement (@cfs/common/site-facts).
    await this.bus.announceSiteChange(CHANNELS.subscriptionsChanged, siteId).catch(() => undefined);
    return keys;
  }

  /** Creates or updates categories (and their topics) from a taxonomy as the admin API sends it. */
  async importTaxonomy(raw: unknown): Promise<{ created: number; updated: number }> {
    const result = await importTaxonomy(this.prisma, parseTaxonomy(raw));
    await this.bus.publish(CHANNELS.taxonomyChanged, String(result.created + result.updated)).catch(() => undefined);
    return result;
  }
}
