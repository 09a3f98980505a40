/** A Site's subscriptions to categories of the taxonomy. */
import { z } from 'zod';
import { categoryKey } from './keys.ts';

export const MAX_SUBSCRIPTIONS = 100;

/** The category keys a Site subscribes to, replaced as a whole: at most 100 entries. */
export const subscribedCategories = z.array(categoryKey).max(MAX_SUBSCRIPTIONS);
