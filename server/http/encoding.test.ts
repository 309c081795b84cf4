import { chooseEncoding } from './encoding';

const OFFERED = ['br', 'gzip'];

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['GZIP, BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0, gzip', 'gzip'],
    ['br;q=0.000, gzip;q=0.1', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['*, br;q=0', 'gzip'],
    ['deflate', null],
    ['gzip;q=0.5, identity', null],
    ['gzip;q=0.5, identity;q=0.2', 'gzip'],
    ['br;q=1.0, gzip', 'br'],
    // A weight that is no weight refuses its coding.
    ['br;q=2, gzip', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
    ['br;q=-1, gzip', 'gzip'],
  ])('Accept-Encoding %p: %p', (header, chosen) => {
    expect(chooseEncoding(header, OFFERED)).toBe(chosen);
  });

  it('reads a header sent more than once as one list', () => {
    expect(chooseEncoding(['br;q=0', 'gzip'], OFFERED)).toBe('gzip');
  });
});
