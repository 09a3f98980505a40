import type { TestSystem } from './system.ts';

export interface Owner {
  customer: { id: string; name: string; email: string };
  site: { id: string; name: string; plan: string };
  credential: { id: string; secret: string; scopes: string[] };
}

let counter = 0;

/** A fresh Customer with its first Site and owner Credential, made with the operator CLI. */
export async function createCustomer(system: TestSystem, ...flags: string[]): Promise<Owner> {
  counter += 1;
  const name = `Customer ${process.pid}-${counter}`;
  return (await system.admin('customer', 'create', '--name', name, '--email', `c${process.pid}-${counter}@example.com`, ...flags)) as unknown as Owner;
}
