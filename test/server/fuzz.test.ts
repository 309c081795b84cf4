/**
 * @jest-environment node
 */
import { fuzz } from './fuzz';
import { startTestServer } from './testServer';

describe('contract fuzz (npm run fuzz runs a longer one)', () => {
  it('answers 400 fuzzed requests without a single 5xx', async () => {
    const server = await startTestServer();
    try {
      const result = await fuzz(server, 400, 20261122);
      expect(result.failures).toEqual([]);
      expect(result.requests).toBe(400);
      // The fuzz reaches handlers, not only the validator: some requests succeed.
      expect(Object.keys(result.byStatus).some((s) => s.startsWith('2'))).toBe(true);
      expect(Object.keys(result.byStatus).some((s) => s.startsWith('4'))).toBe(true);
    } finally {
      await server.close();
    }
  }, 60_000);
});
