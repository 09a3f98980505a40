import { createMemoryStores } from '../src/stores/index.ts';
import { storesContract } from './stores-contract.ts';

storesContract('memory', async () => createMemoryStores({ sharedFacts: true }));
