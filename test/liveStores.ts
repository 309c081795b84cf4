/** Every store a test made (test/helpers.tsx adds them); test/setup.ts stops their sagas after each test. */
const live = new Set<{ stop(): void }>();

export function trackStore(store: { stop(): void }) {
  live.add(store);
}

/** Cancels the sagas of every store made so far, so no loop of a finished test runs on. */
export function stopStores() {
  for (const store of live) store.stop();
  live.clear();
}
