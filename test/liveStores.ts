/** Every saga a test's store started (test/helpers.tsx reports them); test/setup.ts cancels them after each test. */
const live = new Set<{ cancel(): void }>();

/** Hand this to makeStore's `onSaga`, or a store's own task. */
export function trackSaga(task: { cancel(): void }) {
  live.add(task);
}

/** Cancels the sagas of every store made so far, so no loop of a finished test runs on. */
export function stopStores() {
  for (const task of live) task.cancel();
  live.clear();
}
