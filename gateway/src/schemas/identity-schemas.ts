/** The schema of GET /me (api/routes/identity.ts): the Customer, Site and Credential of the account group's. */
import { z } from 'zod';
import { EX } from './blocks.ts';
import { credentialExample, Credential, Customer, Site, siteExample } from './account-schemas.ts';

export const Me = z.object({ customer: Customer, site: Site, credential: Credential }).meta({
  id: 'Me',
  description: 'The Customer, Site and Credential behind the calling Credential.',
  examples: [
    {
      customer: { id: EX.customerId, name: 'Acme Media', email: 'ops@acme.example', createdAt: EX.created, updatedAt: EX.updated },
      site: siteExample,
      credential: { ...credentialExample, name: 'Owner', scopes: ['account.read', 'feed.read'] },
    },
  ],
});
