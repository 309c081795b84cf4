import { basePathFromPublicPath } from './basePath';
import { bodyClasses } from './platform';
import { fillPlaceholders, formatTitle } from './title';

const options = { separator: ' – ', ellipsis: '…' };

describe('page title rule', () => {
  it('joins title, subtitle and app title', () => {
    expect(
      formatTitle({ title: 'Anfrage', subtitle: 'Exposé', appTitle: 'Muster' }, {}, options),
    ).toBe('Anfrage – Exposé – Muster');
  });

  it('leaves out a missing subtitle', () => {
    expect(formatTitle({ title: 'Anfrage', subtitle: null, appTitle: 'Muster' }, {}, options)).toBe(
      'Anfrage – Muster',
    );
    expect(formatTitle({ title: 'Anfrage', subtitle: '  ', appTitle: 'Muster' }, {}, options)).toBe(
      'Anfrage – Muster',
    );
  });

  it('fills placeholders from data and puts an ellipsis for unknown ones', () => {
    expect(
      formatTitle(
        { title: 'Exposé {customObjectId}', subtitle: '{city}', appTitle: 'Muster' },
        { customObjectId: 'W-1001' },
        options,
      ),
    ).toBe('Exposé W-1001 – … – Muster');
    expect(fillPlaceholders('{a}{b}{c}', { a: 0, b: '', c: null }, '…')).toBe('0……');
  });
});

describe('platform classes', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 6.1; Win64; x64) Chrome/109.0', ['legacy']],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0', []],
    ['Mozilla/5.0 (Windows NT 6.3; Trident/7.0; rv:11.0) like Gecko', ['legacy', 'not-supported']],
    ['Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 5.1)', ['legacy', 'not-supported']],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15', []],
  ])('%s', (ua, classes) => {
    expect(bodyClasses(ua)).toEqual(classes);
  });
});

describe('router base path', () => {
  it.each([
    ['/webapp/static/', '/webapp'],
    ['http://agency.test/wp-content/plugins/x/webapp/static/', '/wp-content/plugins/x/webapp'],
    ['/static/', '/'],
    ['auto', '/webapp'],
    [undefined, '/webapp'],
  ])('%s → %s', (publicPath, base) => {
    expect(basePathFromPublicPath(publicPath)).toBe(base);
  });
});
