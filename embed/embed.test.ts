import { hostMessage, widgetMessage } from '../src/host/protocol';

const WIDGET_ORIGIN = 'http://widget.test';

type EmbedModule = typeof import('./index');

function loadEmbed(): EmbedModule {
  let mod: EmbedModule | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require('./index') as EmbedModule;
  });
  return mod!;
}

function fromWidget(iframe: HTMLIFrameElement, data: unknown, origin = WIDGET_ORIGIN) {
  const event = new Event('message');
  Object.assign(event, { data, origin, source: iframe.contentWindow });
  window.dispatchEvent(event);
}

describe('embed script', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    document.documentElement.lang = 'en-US';
    const w = window as unknown as Record<string, unknown>;
    w.dataLayer = [];
    w._paq = [];
    w.immosuiteConfig = { privacyUrl: 'https://agency.test/privacy' };
  });

  it('turns each placeholder into a titled iframe with a reserved height', () => {
    document.body.innerHTML = `
      <div data-immosuite-widget="lead-wizard" data-title="Bewertung" data-min-height="600"></div>
      <div data-immosuite-widget="contact-form-wizard"></div>`;
    loadEmbed();
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(2);
    expect(frames[0]!.title).toBe('Bewertung');
    expect(frames[0]!.style.height).toBe('600px');
    expect(frames[0]!.src).toBe(`${WIDGET_ORIGIN}/webapp/lead-wizard?lang=en-US`);
    expect(frames[1]!.src).toBe(`${WIDGET_ORIGIN}/webapp/contact-form-wizard?lang=en-US`);
  });

  it('answers ready with init, addressed to the widget origin only', () => {
    const { mount } = loadEmbed();
    const { iframe } = mount(document.body, {
      route: 'lead-wizard',
      nonce: 'n1',
      config: { mapZoom: 14 },
    });
    const post = jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
    fromWidget(iframe, widgetMessage('ready', {}));
    expect(post).toHaveBeenCalledWith(
      hostMessage('init', {
        language: 'en-US',
        nonce: 'n1',
        config: { mapZoom: 14, privacyUrl: 'https://agency.test/privacy' },
      }),
      WIDGET_ORIGIN,
    );
  });

  it('asks the widget for its QA log and hands over the answer to that request only', async () => {
    const { mount } = loadEmbed();
    const { iframe, exportLog, startRecording } = mount(document.body, { route: 'lead-wizard' });
    const post = jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
    startRecording();
    expect(post).toHaveBeenLastCalledWith(hostMessage('qa', { command: 'record' }), WIDGET_ORIGIN);
    const first = exportLog();
    const second = exportLog({ redact: false });
    expect(post).toHaveBeenCalledWith(
      hostMessage('qa', { command: 'export', id: 'export-1', redact: true }),
      WIDGET_ORIGIN,
    );
    expect(post).toHaveBeenLastCalledWith(
      hostMessage('qa', { command: 'export', id: 'export-2', redact: false }),
      WIDGET_ORIGIN,
    );
    // From another origin: not taken.
    fromWidget(
      iframe,
      widgetMessage('qa-log', { id: 'export-1', log: { forged: true } }),
      'https://evil.test',
    );
    fromWidget(iframe, widgetMessage('qa-log', { id: 'export-2', error: 'nothing recorded' }));
    fromWidget(iframe, widgetMessage('qa-log', { id: 'export-1', log: { entries: [] } }));
    await expect(first).resolves.toEqual({ entries: [] });
    await expect(second).rejects.toThrow('Immosuite: nothing recorded');
  });

  it('gives up on an export the widget does not answer', async () => {
    jest.useFakeTimers();
    try {
      const { mount } = loadEmbed();
      const { iframe, exportLog } = mount(document.body, { route: 'lead-wizard' });
      jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
      const pending = exportLog();
      jest.advanceTimersByTime(10_000);
      await expect(pending).rejects.toThrow('did not answer');
    } finally {
      jest.useRealTimers();
    }
  });

  it("tells the page's developer when the widget does not start within 10 s", () => {
    jest.useFakeTimers();
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { mount } = loadEmbed();
      const started = mount(document.body, { route: 'lead-wizard' });
      jest.spyOn(started.iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
      fromWidget(started.iframe, widgetMessage('ready', {}));
      const refused = mount(document.body, { route: 'lead-wizard' });
      jest.advanceTimersByTime(10_000);
      expect(error).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledWith(
        `Immosuite: the widget from ${WIDGET_ORIGIN} did not start on this page within 10 s. Is its server reachable, and does its ALLOWED_ORIGINS list ${window.location.origin}?`,
      );
      refused.destroy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('follows size messages and ignores foreign or malformed ones', () => {
    const { mount } = loadEmbed();
    const { iframe } = mount(document.body, { route: 'login' });
    fromWidget(iframe, widgetMessage('size', { height: 733 }));
    expect(iframe.style.height).toBe('733px');
    fromWidget(iframe, widgetMessage('size', { height: 5000 }), 'https://evil.test');
    fromWidget(iframe, { ...widgetMessage('size', { height: 5000 }), version: 2 });
    fromWidget(iframe, { type: 'size', height: 5000 });
    expect(iframe.style.height).toBe('733px');
  });

  it('keeps several widgets apart', () => {
    const { mount } = loadEmbed();
    const a = mount(document.body, { route: 'lead-wizard' });
    const b = mount(document.body, { route: 'login' });
    fromWidget(a.iframe, widgetMessage('size', { height: 300 }));
    expect(a.iframe.style.height).toBe('300px');
    expect(b.iframe.style.height).toBe('280px');
  });

  it("reserves the height of the route's first screen, a phone's in a narrow placeholder", () => {
    const { mount } = loadEmbed();
    const narrow = document.createElement('div');
    Object.defineProperty(narrow, 'clientWidth', { value: 390 });
    const wide = document.createElement('div');
    Object.defineProperty(wide, 'clientWidth', { value: 1100 });
    document.body.append(narrow, wide);
    expect(mount(narrow, { route: 'lead-wizard' }).iframe.style.height).toBe('880px');
    expect(mount(wide, { route: 'lead-wizard' }).iframe.style.height).toBe('580px');
    expect(mount(wide, { route: 'saved-search-wizard' }).iframe.style.height).toBe('1510px');
    // A height the page gives wins.
    expect(mount(narrow, { route: 'login', minHeight: 500 }).iframe.style.height).toBe('500px');
  });

  describe("the frame's shell in the page", () => {
    /** What the page shows in the frame's place, as text, before the frame has painted. */
    const drawn = (target: HTMLElement) => {
      const shell = target.firstElementChild as HTMLElement;
      return shell.tagName === 'IFRAME' ? null : shell;
    };

    it("stands in the reserved box at once, in the page's language, titled by the route", () => {
      const narrow = document.createElement('div');
      Object.defineProperty(narrow, 'clientWidth', { value: 390 });
      document.body.append(narrow);
      const { iframe } = loadEmbed().mount(narrow, { route: 'lead-wizard', title: 'Bewertung' });
      const shell = drawn(narrow)!;
      expect(shell.nextElementSibling).toBe(iframe);
      expect([...shell.children].map((c) => c.textContent)).toEqual([
        '',
        'Sell or let your property',
        'Loading …',
      ]);
      expect(shell).toHaveAttribute('aria-hidden', 'true');
      // Over the frame's box: as high as the reserved height, taking none of its own.
      expect(shell.style.height).toBe('880px');
      expect(shell.style.marginBottom).toBe('-880px');
      expect(iframe.style.height).toBe('880px');
      // German on a German page; the app's title for a route it has none for.
      document.documentElement.lang = 'de';
      const other = document.createElement('div');
      document.body.append(other);
      loadEmbed().mount(other, { route: 'some-route' });
      expect(drawn(other)!.textContent).toBe('ImmobilienserviceWird geladen …');
    });

    it('goes once the frame has painted its own, and not for anyone else', () => {
      const { iframe } = loadEmbed().mount(document.body, { route: 'saved-search-wizard' });
      fromWidget(iframe, widgetMessage('shell', {}), 'https://evil.test');
      fromWidget(iframe, { source: 'immosuite-widget', version: 2, type: 'shell', payload: {} });
      expect(drawn(document.body)).not.toBeNull();
      fromWidget(iframe, widgetMessage('shell', {}));
      expect(drawn(document.body)).toBeNull();
      expect(document.body.firstElementChild).toBe(iframe);
    });

    it("goes when the frame starts or loads without saying so, and with the frame's handle", () => {
      const { mount } = loadEmbed();
      const started = document.createElement('div');
      const loaded = document.createElement('div');
      const destroyed = document.createElement('div');
      document.body.append(started, loaded, destroyed);
      fromWidget(mount(started, { route: 'login' }).iframe, widgetMessage('ready', {}));
      mount(loaded, { route: 'login' }).iframe.dispatchEvent(new Event('load'));
      mount(destroyed, { route: 'login' }).destroy();
      for (const target of [started, loaded]) expect(drawn(target)).toBeNull();
      expect(destroyed.children).toHaveLength(0);
    });
  });

  it('forwards tracking to dataLayer, Matomo and a DOM event', () => {
    const { mount } = loadEmbed();
    const onTracking = jest.fn();
    const { iframe } = mount(document.body, { route: 'expose-inquiry-wizard', onTracking });
    const domEvents: unknown[] = [];
    document.addEventListener('immosuite:tracking', (e) =>
      domEvents.push((e as CustomEvent).detail),
    );
    fromWidget(iframe, widgetMessage('tracking', { event: 'immoObjectInquiry', label: 'W-1001' }));
    const w = window as unknown as { dataLayer: unknown[]; _paq: unknown[] };
    expect(w.dataLayer).toEqual([
      {
        event: 'immosuite',
        immosuiteEvent: 'immoObjectInquiry',
        immosuiteLabel: 'W-1001',
        immosuiteRoute: 'expose-inquiry-wizard',
        immosuiteWaitingBuyers: null,
      },
    ]);
    expect(w._paq).toEqual([['trackEvent', 'Immosuite', 'immoObjectInquiry', 'W-1001']]);
    expect(domEvents).toEqual([
      { event: 'immoObjectInquiry', label: 'W-1001', route: 'expose-inquiry-wizard' },
    ]);
    expect(onTracking).toHaveBeenCalledWith({ event: 'immoObjectInquiry', label: 'W-1001' });
  });

  it("forwards a lead's waiting buyers to dataLayer, Matomo's event value and the DOM event", () => {
    const { mount } = loadEmbed();
    const onTracking = jest.fn();
    const { iframe } = mount(document.body, { route: 'lead-wizard', onTracking });
    const domEvents: unknown[] = [];
    iframe.addEventListener('immosuite:tracking', (e) => domEvents.push((e as CustomEvent).detail));
    fromWidget(iframe, widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: 14 }));
    fromWidget(iframe, widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: null }));
    // A count the owner was not shown never reaches the page, even when a frame sends one.
    fromWidget(iframe, widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: 2 }));
    const w = window as unknown as { dataLayer: unknown[]; _paq: unknown[] };
    const pushed = { event: 'immosuite', immosuiteEvent: 'LeadWizard', immosuiteLabel: null };
    const route = { immosuiteRoute: 'lead-wizard' };
    expect(w.dataLayer).toEqual([
      { ...pushed, ...route, immosuiteWaitingBuyers: 14 },
      { ...pushed, ...route, immosuiteWaitingBuyers: null },
      { ...pushed, ...route, immosuiteWaitingBuyers: null },
    ]);
    expect(w._paq).toEqual([
      ['trackEvent', 'Immosuite', 'LeadWizard', 'waitingBuyers', 14],
      ['trackEvent', 'Immosuite', 'LeadWizard'],
      ['trackEvent', 'Immosuite', 'LeadWizard'],
    ]);
    const detail = { event: 'LeadWizard', label: undefined, route: 'lead-wizard' };
    expect(domEvents).toEqual([
      { ...detail, waitingBuyers: 14 },
      { ...detail, waitingBuyers: null },
      { ...detail, waitingBuyers: null },
    ]);
    expect(onTracking).toHaveBeenNthCalledWith(1, { event: 'LeadWizard', waitingBuyers: 14 });
  });

  it('scrolls the frame into view on request, only when its top is out of view', () => {
    const { mount } = loadEmbed();
    const { iframe } = mount(document.body, { route: 'lead-wizard' });
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    jest.spyOn(iframe, 'getBoundingClientRect').mockReturnValue({ top: -200 } as DOMRect);
    fromWidget(iframe, widgetMessage('scroll', { top: 0 }));
    expect(scrollTo).toHaveBeenCalledWith({ top: -200 + window.scrollY, behavior: 'smooth' });
    scrollTo.mockClear();
    jest.spyOn(iframe, 'getBoundingClientRect').mockReturnValue({ top: 40 } as DOMRect);
    fromWidget(iframe, widgetMessage('scroll', { top: 0 }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('brings a spot below the window into view on request, and leaves one in view alone', () => {
    const { mount } = loadEmbed();
    const { iframe } = mount(document.body, { route: 'lead-wizard' });
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    jest.spyOn(iframe, 'getBoundingClientRect').mockReturnValue({ top: 100 } as DOMRect);
    fromWidget(iframe, widgetMessage('scroll', { top: window.innerHeight + 300, align: 'end' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: window.scrollY + 400 + 16, behavior: 'smooth' });
    scrollTo.mockClear();
    fromWidget(iframe, widgetMessage('scroll', { top: 200, align: 'end' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('hands a saved lead to the page', () => {
    const { mount } = loadEmbed();
    const onSave = jest.fn();
    const { iframe } = mount(document.body, { route: 'lead-wizard', onSave });
    fromWidget(iframe, widgetMessage('save', { lead: { categoryId: 22332 } }));
    expect(onSave).toHaveBeenCalledWith({ categoryId: 22332 });
  });

  it('hands a saved search to the page', () => {
    const { mount } = loadEmbed();
    const onSave = jest.fn();
    const { iframe } = mount(document.body, { route: 'saved-search-wizard', onSave });
    fromWidget(iframe, widgetMessage('save', { savedSearch: { categoryId: 30225 } }));
    expect(onSave).toHaveBeenCalledWith({ categoryId: 30225 });
  });

  it("gives a mailed key to the login frame alone and takes it out of the page's address", () => {
    window.history.replaceState(null, '', '/kunden?k=secret-key&ref=mail');
    const { mount } = loadEmbed();
    const lead = mount(document.body, { route: 'lead-wizard' });
    expect(new URL(lead.iframe.src).searchParams.has('k')).toBe(false);
    expect(window.location.search).toBe('?k=secret-key&ref=mail');
    const login = mount(document.body, { route: 'login' });
    expect(new URL(login.iframe.src).searchParams.get('k')).toBe('secret-key');
    expect(window.location.pathname + window.location.search).toBe('/kunden?ref=mail');
    window.history.replaceState(null, '', '/');
  });

  it('tells the widget which part of the frame is visible, after init and as the page scrolls', () => {
    jest.useFakeTimers();
    try {
      const { mount } = loadEmbed();
      const { iframe } = mount(document.body, { route: 'login' });
      const post = jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
      let top = 100;
      jest
        .spyOn(iframe, 'getBoundingClientRect')
        .mockImplementation(() => ({ top, bottom: top + 3000 }) as DOMRect);
      fromWidget(iframe, widgetMessage('ready', {}));
      const viewports = () =>
        post.mock.calls
          .map(([message]) => message as { type: string; payload: unknown })
          .filter((m) => m.type === 'viewport')
          .map((m) => m.payload);
      expect(viewports()).toEqual([{ top: 0, height: window.innerHeight - 100 }]);
      top = -1200;
      for (let i = 0; i < 5; i += 1) window.dispatchEvent(new Event('scroll'));
      expect(viewports()).toHaveLength(1);
      jest.advanceTimersByTime(100);
      expect(viewports()).toEqual([
        { top: 0, height: window.innerHeight - 100 },
        { top: 1200, height: window.innerHeight },
      ]);
      // Unchanged: nothing more is sent.
      window.dispatchEvent(new Event('scroll'));
      jest.advanceTimersByTime(100);
      expect(viewports()).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  describe('the funnel beacon', () => {
    let beacons: [url: string, body: string][];
    beforeEach(() => {
      beacons = [];
      Object.defineProperty(navigator, 'sendBeacon', {
        configurable: true,
        value: (url: string, body: string) => {
          beacons.push([url, body]);
          return true;
        },
      });
    });
    afterEach(() => {
      delete (navigator as unknown as Record<string, unknown>).sendBeacon;
    });
    const body = (wizard: string, stage: string) => JSON.stringify({ wizard, stage });

    it('counts the wizard shown and each step once, by wizard and step alone', () => {
      const { mount } = loadEmbed();
      const { iframe } = mount(document.body, { route: 'lead-wizard' });
      jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
      fromWidget(iframe, widgetMessage('ready', {}));
      for (const step of ['category', 'address', 'category', 'address', 'details'])
        fromWidget(iframe, widgetMessage('step', { step }));
      // Not steps of this wizard, or not a step id at all: nothing is counted.
      fromWidget(iframe, widgetMessage('step', { step: 'regions' }));
      fromWidget(iframe, widgetMessage('step', { step: 'erika@example.de' }));
      fromWidget(iframe, widgetMessage('step', { step: 'contact' }), 'http://evil.test');
      expect(beacons).toEqual([
        [`${WIDGET_ORIGIN}/funnel`, body('lead-wizard', 'started')],
        [`${WIDGET_ORIGIN}/funnel`, body('lead-wizard', 'category')],
        [`${WIDGET_ORIGIN}/funnel`, body('lead-wizard', 'address')],
        [`${WIDGET_ORIGIN}/funnel`, body('lead-wizard', 'details')],
      ]);
    });

    it('counts a one-page form shown, and nothing for the portal', () => {
      const { mount } = loadEmbed();
      const form = mount(document.body, { route: 'newsletter-wizard' });
      const portal = mount(document.body, { route: 'login' });
      for (const { iframe } of [form, portal]) {
        jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
        fromWidget(iframe, widgetMessage('ready', {}));
      }
      // The portal's dialog runs the saved-search wizard: its steps are not the funnel's.
      fromWidget(portal.iframe, widgetMessage('step', { step: 'regions' }));
      expect(beacons).toEqual([[`${WIDGET_ORIGIN}/funnel`, body('newsletter-wizard', 'started')]]);
    });

    it('counts nothing with data-analytics="off" or analytics: false', () => {
      document.body.innerHTML = `<div data-immosuite-widget="lead-wizard" data-analytics="off"></div>`;
      const { mount } = loadEmbed();
      const frames = [
        document.querySelector('iframe')!,
        mount(document.body, { route: 'saved-search-wizard', analytics: false }).iframe,
      ];
      for (const iframe of frames) {
        jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
        fromWidget(iframe, widgetMessage('ready', {}));
        fromWidget(iframe, widgetMessage('step', { step: 'category' }));
      }
      expect(beacons).toEqual([]);
    });

    it('goes on without sendBeacon, and when the page blocks it', () => {
      const { mount } = loadEmbed();
      Object.defineProperty(navigator, 'sendBeacon', {
        configurable: true,
        value: () => {
          throw new Error('Refused by the content security policy');
        },
      });
      const { iframe } = mount(document.body, { route: 'lead-wizard' });
      const post = jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
      expect(() => fromWidget(iframe, widgetMessage('ready', {}))).not.toThrow();
      expect(post).toHaveBeenCalled();
      delete (navigator as unknown as Record<string, unknown>).sendBeacon;
      expect(() => fromWidget(iframe, widgetMessage('step', { step: 'address' }))).not.toThrow();
    });
  });

  it('refuses a route that is not a route name', () => {
    const { mount } = loadEmbed();
    expect(() => mount(document.body, { route: '../../evil' })).toThrow(/unknown route/);
  });

  it('stops listening when destroyed', () => {
    const { mount } = loadEmbed();
    const handle = mount(document.body, { route: 'login' });
    const iframe = handle.iframe;
    handle.destroy();
    expect(document.querySelector('iframe')).toBeNull();
    fromWidget(iframe, widgetMessage('size', { height: 999 }));
    expect(iframe.style.height).toBe('280px');
  });
});
