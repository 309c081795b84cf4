import '@testing-library/jest-dom';
import nock from 'nock';
import { stopStores } from './liveStores';

nock.disableNetConnect();
// Loopback stays open for the server tests, which listen on 127.0.0.1.
nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);

afterEach(() => {
  // A finished test's sagas (a poll loop, a pending request) must not run into the next test.
  stopStores();
  nock.cleanAll();
});
