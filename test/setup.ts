import '@testing-library/jest-dom';
import nock from 'nock';

nock.disableNetConnect();
// Loopback stays open for the server tests, which listen on 127.0.0.1.
nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);

afterEach(() => {
  nock.cleanAll();
});
