/** A Customer's and a Site's own fields, as the API and the operator CLI (through the account service) set them. */
import { z } from 'zod';
import { email, httpUrl } from './addresses.ts';
import { displayName } from './text.ts';

/** A Customer's name and e-mail (PUT /api/v1/account, `customer create`). */
export const customer = z.strictObject({ name: displayName, email });

/** A Site's name and address (POST/PUT /api/v1/account/sites, `customer create --site-name --site-url`). */
export const site = z.strictObject({ name: displayName, url: httpUrl });

/**
 * A Site as the account service stores it: `customer create` may leave the address empty until it
 * is set; any address that is given follows `site`.
 */
export const storedSite = site.extend({ url: z.union([z.literal(''), httpUrl]) });
