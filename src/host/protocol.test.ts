import {
  hostMessage,
  isAllowedOrigin,
  normalizeOrigin,
  parseAllowList,
  parseHostEnvelope,
  parseWidgetEnvelope,
  widgetMessage,
} from './protocol';

describe('host envelope', () => {
  it('accepts a well-formed init', () => {
    const message = hostMessage('init', { language: 'de' });
    expect(parseHostEnvelope(message)).toEqual(message);
  });

  it.each([
    ['no object', 'init'],
    ['null', null],
    ['an array', [1, 2]],
    ['another source tag', { source: 'other', version: 1, type: 'init', payload: {} }],
    ['the widget tag', { source: 'immosuite-widget', version: 1, type: 'init', payload: {} }],
    ['another version', { source: 'immosuite-host', version: 2, type: 'init', payload: {} }],
    ['a version as text', { source: 'immosuite-host', version: '1', type: 'init', payload: {} }],
    ['an unknown type', { source: 'immosuite-host', version: 1, type: 'size', payload: {} }],
    ['no payload', { source: 'immosuite-host', version: 1, type: 'init' }],
    [
      'a payload that is no object',
      { source: 'immosuite-host', version: 1, type: 'init', payload: 3 },
    ],
  ])('rejects %s', (_, data) => {
    expect(parseHostEnvelope(data)).toBeNull();
  });
});

describe('widget envelope (read by the embed script)', () => {
  it('keeps valid messages and rounds heights up', () => {
    expect(parseWidgetEnvelope(widgetMessage('size', { height: 100.2 }))).toEqual(
      widgetMessage('size', { height: 101 }),
    );
    expect(parseWidgetEnvelope(widgetMessage('tracking', { event: 'LeadWizard' }))).toEqual(
      widgetMessage('tracking', { event: 'LeadWizard' }),
    );
    expect(
      parseWidgetEnvelope(widgetMessage('tracking', { event: 'immoObjectInquiry', label: 'W-1' })),
    ).toEqual(widgetMessage('tracking', { event: 'immoObjectInquiry', label: 'W-1' }));
  });

  it("carries a LeadWizard event's waiting buyers as shown: from 3 on, else null, and on no other event", () => {
    const lead = (waitingBuyers: unknown) =>
      parseWidgetEnvelope({
        ...widgetMessage('tracking', { event: 'LeadWizard' }),
        payload: { event: 'LeadWizard', waitingBuyers },
      });
    expect(lead(14)).toEqual(widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: 14 }));
    expect(lead(3)?.payload).toEqual({ event: 'LeadWizard', waitingBuyers: 3 });
    for (const shownNone of [2, 0, null, 3.5, -4, '14', Infinity, { count: 14 }])
      expect(lead(shownNone)?.payload).toEqual({ event: 'LeadWizard', waitingBuyers: null });
    expect(
      parseWidgetEnvelope({
        ...widgetMessage('tracking', { event: 'ContactFormWizard' }),
        payload: { event: 'ContactFormWizard', waitingBuyers: 14 },
      })?.payload,
    ).toEqual({ event: 'ContactFormWizard' });
  });

  it('rejects bad bodies', () => {
    expect(parseWidgetEnvelope(widgetMessage('size', { height: -1 }))).toBeNull();
    expect(
      parseWidgetEnvelope({ ...widgetMessage('size', { height: 1 }), payload: { height: 'x' } }),
    ).toBeNull();
    expect(
      parseWidgetEnvelope({
        ...widgetMessage('size', { height: 1 }),
        payload: { height: Infinity },
      }),
    ).toBeNull();
    expect(
      parseWidgetEnvelope({
        ...widgetMessage('tracking', { event: 'LeadWizard' }),
        payload: { event: 'Hack' },
      }),
    ).toBeNull();
    expect(parseWidgetEnvelope({ ...widgetMessage('ready', {}), type: 'unknown' })).toBeNull();
  });
});

describe('origin allow-list', () => {
  it('always allows the widget origin and normalises entries', () => {
    expect(
      parseAllowList(' https://Agency.test/path , http://other.test:8080 junk', 'http://w.test'),
    ).toEqual(['http://w.test', 'https://agency.test', 'http://other.test:8080']);
  });

  it('never honours a wildcard or a non-http origin', () => {
    expect(parseAllowList('*, javascript:alert(1), file:///x', 'http://w.test')).toEqual([
      'http://w.test',
    ]);
    expect(normalizeOrigin('data:text/html,hi')).toBeNull();
  });

  it('matches exact origins only', () => {
    const list = ['https://agency.test'];
    expect(isAllowedOrigin('https://agency.test', list)).toBe(true);
    expect(isAllowedOrigin('https://agency.test.evil.test', list)).toBe(false);
    expect(isAllowedOrigin('http://agency.test', list)).toBe(false);
    expect(isAllowedOrigin('null', ['null'])).toBe(false);
    expect(isAllowedOrigin(undefined, list)).toBe(false);
  });
});
