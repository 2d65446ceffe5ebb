import { describe, expect, it } from 'vitest';
import { acceptsInKernel } from './accept-policy.js';

describe('who accepts the connections of the HTTP processes', () => {
  it('is each process for up to two of them, the primary above, unless ATELIER_CLUSTER_ACCEPT says', () => {
    expect(acceptsInKernel({ clusterAccept: 'auto', apiProcesses: 2 })).toBe(true);
    expect(acceptsInKernel({ clusterAccept: 'auto', apiProcesses: 3 })).toBe(false);
    expect(acceptsInKernel({ clusterAccept: 'kernel', apiProcesses: 8 })).toBe(true);
    expect(acceptsInKernel({ clusterAccept: 'primary', apiProcesses: 2 })).toBe(false);
  });
});
