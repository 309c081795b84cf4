import { FOCUS_RETRY_FRAMES, moveFocus } from './focus';

/** A heading whose first `refusals` focus calls are refused, as Chromium may right after a load. */
function heading(refusals: number) {
  const element = document.createElement('h2');
  element.tabIndex = -1;
  document.body.append(element);
  const focus = HTMLElement.prototype.focus;
  let calls = 0;
  element.focus = function (this: HTMLElement, options?: FocusOptions) {
    calls += 1;
    if (calls > refusals) focus.call(this, options);
  };
  return { element, calls: () => calls };
}

describe('moving the focus', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    document.body.replaceChildren();
  });

  it('focuses at once where the browser lets it, and tries no more', () => {
    const { element, calls } = heading(0);
    moveFocus(element);
    expect(element).toHaveFocus();
    jest.advanceTimersByTime(1000);
    expect(calls()).toBe(1);
  });

  it('tries again on the next frames when the first call is refused', () => {
    const { element, calls } = heading(2);
    moveFocus(element);
    expect(element).not.toHaveFocus();
    jest.advanceTimersByTime(100);
    expect(element).toHaveFocus();
    expect(calls()).toBe(3);
  });

  it('leaves the focus where the visitor put it meanwhile, and gives up after its frames', () => {
    // Refused once only: a retry would succeed, were it made.
    const { element, calls } = heading(1);
    const field = document.createElement('input');
    document.body.append(field);
    moveFocus(element);
    field.focus();
    jest.advanceTimersByTime(1000);
    expect(field).toHaveFocus();
    expect(calls()).toBe(1);
    const refused = heading(Infinity);
    moveFocus(refused.element);
    field.blur();
    jest.advanceTimersByTime(5000);
    expect(refused.calls()).toBe(1 + FOCUS_RETRY_FRAMES);
  });
});
