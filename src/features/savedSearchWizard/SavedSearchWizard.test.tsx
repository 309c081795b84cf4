/** The saved-search wizard as a visitor uses it: found by role and label, through the App. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import nock from 'nock';
import { API, createTestEnv, renderApp, sendInit, setupStore } from '../../../test/helpers';
import { createI18n } from '../../i18n';
import { BUNDLED } from '../../i18n/bundled';
import { DEFAULT_THEME, makeTheme } from '../../ui/theme';
import { feature, Screen } from '.';
import { fieldsAnswer, REGIONS_ANSWER, SHAPES_ANSWER } from '../../../test/fixtures';

async function open(
  options: {
    config?: object;
    english?: boolean;
    regions?: unknown;
    shapes?: unknown;
    /** What shows once the regions answered: the menu, or the alert that they failed. */
    shows?: 'tree' | 'alert';
  } = {},
) {
  nock(API)
    .get('/v1/wizard/locations')
    .reply(200, (options.regions ?? REGIONS_ANSWER) as nock.Body);
  nock(API)
    .get('/v1/wizard/locations/geojson')
    .reply(200, (options.shapes ?? SHAPES_ANSWER) as nock.Body);
  const view = renderApp({
    route: '/saved-search-wizard',
    env: createTestEnv(),
    language: options.english ? 'en' : 'de',
  });
  await act(async () =>
    sendInit(view.env, {
      ...(options.english ? { language: 'en-US' } : {}),
      config: { privacyUrl: 'https://agency.test/datenschutz', ...options.config },
    }),
  );
  await screen.findByRole(options.shows ?? 'tree');
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const item = (name: string) => screen.getByRole('treeitem', { name });
const checked = (name: string) => item(name).getAttribute('aria-checked');

afterEach(() => {
  nock.cleanAll();
  jest.restoreAllMocks();
});

describe('saved-search wizard screen', () => {
  it("asks 'Wo suchen Sie?' with every region chosen, and keeps 'Details eingeben' off without one", async () => {
    const { user } = await open();
    // The screen's main landmark is named by its title (a host page has a main of its own).
    expect(screen.getByRole('main', { name: 'Suchprofil anlegen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Schritt 1 von 4: Wo suchen Sie?',
    );
    const next = screen.getByRole('button', { name: 'Details eingeben' });
    expect(next).toBeEnabled();
    expect(screen.getByText('3 Regionen gewählt')).toBeInTheDocument();
    for (const name of ['Mitte', 'Pankow', 'Spandau']) await user.click(item(name));
    expect(next).toBeDisabled();
    expect(screen.getByText('Bitte wählen Sie mindestens eine Region.')).toBeInTheDocument();
    await user.click(item('Spandau'));
    expect(next).toBeEnabled();
  });

  it("picks one district in two clicks: 'Alle abwählen', then the district; 'Alle auswählen' and Ctrl+A choose all again", async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Alle abwählen' }));
    for (const name of ['Mitte', 'Pankow', 'Spandau']) expect(checked(name)).toBe('false');
    expect(screen.getByText('Bitte wählen Sie mindestens eine Region.')).toBeInTheDocument();
    await user.click(item('Pankow'));
    expect(screen.getByText('1 Region gewählt')).toBeInTheDocument();
    expect(checked('Pankow')).toBe('true');
    expect(checked('Mitte')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Alle auswählen' }));
    for (const name of ['Mitte', 'Pankow', 'Spandau']) expect(checked(name)).toBe('true');
    // The tree's own shortcut (APG): Ctrl+A clears when all are chosen, and chooses all else.
    item('Mitte').focus();
    await user.keyboard('{Control>}a{/Control}');
    for (const name of ['Mitte', 'Pankow', 'Spandau']) expect(checked(name)).toBe('false');
    await user.keyboard('{Control>}a{/Control}');
    for (const name of ['Mitte', 'Pankow', 'Spandau']) expect(checked(name)).toBe('true');
  });

  it('is worked by keyboard alone: arrows, Right opens, Space checks, typing finds a region', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(10_000);
    const { user } = await open();
    // Past the step header, the menu is one tab stop: its active region.
    for (let i = 0; i < 10 && document.activeElement !== item('Mitte'); i += 1) await user.tab();
    expect(item('Mitte')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item('Mitte')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(item('Moabit')).toHaveFocus();
    await user.keyboard(' ');
    expect(checked('Moabit')).toBe('false');
    expect(checked('Mitte')).toBe('mixed');
    await user.keyboard('{ArrowLeft}');
    expect(item('Mitte')).toHaveFocus();
    // Typing 'pr' finds Prenzlauer Berg inside the closed Pankow and opens it.
    await user.keyboard('pr');
    expect(item('Prenzlauer Berg')).toHaveFocus();
    expect(item('Pankow')).toHaveAttribute('aria-expanded', 'true');
    // Within a second the letters add up; after it they start again.
    now.mockReturnValue(10_500);
    await user.keyboard('x');
    expect(item('Prenzlauer Berg')).toHaveFocus();
    now.mockReturnValue(11_600);
    await user.keyboard('s');
    expect(item('Spandau')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(checked('Spandau')).toBe('false');
    await user.keyboard('{Home}');
    expect(item('Mitte')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Spandau')).toHaveFocus();
    // One tab stop: Tab leaves the tree for the next control.
    await user.tab();
    expect(screen.getByRole('tree')).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('finds a region whose name has a space by typing it, and a space that continues no name ticks', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(10_000);
    const { user } = await open();
    for (let i = 0; i < 10 && document.activeElement !== item('Mitte'); i += 1) await user.tab();
    // With Shift held for the capital B, as a person types it.
    await user.keyboard('prenzlauer {Shift>}B{/Shift}erg');
    expect(item('Prenzlauer Berg')).toHaveFocus();
    for (const name of ['Prenzlauer Berg', 'Pankow', 'Mitte']) expect(checked(name)).toBe('true');
    // No name goes on with 'prenzlauer berg ': this space ticks the region found.
    await user.keyboard(' ');
    expect(checked('Prenzlauer Berg')).toBe('false');
    expect(checked('Pankow')).toBe('mixed');
    // 'pank' and a space: no region is called 'Pank …', so the space ticks Pankow (all of it).
    now.mockReturnValue(11_600);
    await user.keyboard('pank ');
    expect(item('Pankow')).toHaveFocus();
    expect(checked('Pankow')).toBe('true');
    expect(checked('Prenzlauer Berg')).toBe('true');
    // An arrow ends the name being typed: the next space ticks.
    now.mockReturnValue(13_200);
    await user.keyboard('prenzlauer{ArrowUp}{ArrowDown} ');
    expect(item('Prenzlauer Berg')).toHaveFocus();
    expect(checked('Prenzlauer Berg')).toBe('false');
  });

  it('puts the focus on the step heading when a reload brings the visitor back to a later step', async () => {
    const first = await open();
    await first.user.click(screen.getByRole('button', { name: 'Details eingeben' }));
    await screen.findByRole('heading', {
      level: 2,
      name: 'Schritt 2 von 4: Was genau suchen Sie?',
    });
    // The draft is written once the wizard rests; then the page reloads with the same session.
    await waitFor(() =>
      expect(first.env.sessionStore!.getItem('immosuite.savedSearchWizard.v1')).toContain(
        '"step":2',
      ),
    );
    cleanup();
    nock(API).get('/v1/wizard/locations').reply(200, REGIONS_ANSWER);
    nock(API).get('/v1/wizard/locations/geojson').reply(200, SHAPES_ANSWER);
    const view = renderApp({ route: '/saved-search-wizard', env: first.env });
    await act(async () => sendInit(view.env, { config: {} }));
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Schritt 2 von 4: Was genau suchen Sie?',
    });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves the focus where it is when the wizard opens at its first step', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 2 })).not.toHaveFocus();
  });

  it('shows 20 regions and 20 more near the end of the scroll, or as the focus goes there', async () => {
    const many = {
      locations: Array.from({ length: 45 }, (_, i) => ({
        locationId: i + 1,
        name: `Ort ${String(i + 1).padStart(2, '0')}`,
      })),
    };
    const { user } = await open({ regions: many });
    expect(screen.getAllByRole('treeitem')).toHaveLength(20);
    const tree = screen.getByRole('tree');
    Object.defineProperties(tree, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 500, configurable: true },
    });
    tree.scrollTop = 450;
    fireEvent.scroll(tree);
    expect(screen.getAllByRole('treeitem')).toHaveLength(40);
    expect(item('Ort 01')).toHaveAttribute('aria-setsize', '45');
    await user.click(item('Ort 01'));
    await user.keyboard('{End}');
    expect(screen.getAllByRole('treeitem')).toHaveLength(45);
    expect(item('Ort 45')).toHaveFocus();
  });

  it("draws the localities as shapes, their districts' borders over them and names the source", async () => {
    const { container } = await open();
    await waitFor(() => expect(container.querySelectorAll('path[data-region]')).toHaveLength(5));
    // Every locality (and Spandau, a region without localities) is a shape to click ...
    expect(
      [...container.querySelectorAll('path[data-region]')].map((p) =>
        p.getAttribute('data-region'),
      ),
    ).toEqual(['11', '12', '21', '22', '3']);
    // ... and the districts Mitte and Pankow are borders drawn over them, not clickable.
    const paths = [...container.querySelectorAll('.leaflet-overlay-pane path')];
    const regionPaths = paths.filter((p) => p.hasAttribute('data-region'));
    expect(regionPaths.every((p) => p.classList.contains('leaflet-interactive'))).toBe(true);
    const districtBorders = paths.filter(
      (p) => !p.hasAttribute('data-region') && p.getAttribute('stroke-width') === '2.5',
    );
    expect(districtBorders).toHaveLength(2);
    for (const border of districtBorders)
      expect(border.classList.contains('leaflet-interactive')).toBe(false);
    expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain(
      'Ortsteile: Amt für Statistik Berlin-Brandenburg, daten.berlin.de',
    );
  });

  it("names the shapes' source in the visitor's language, the agency's name as it is", async () => {
    const { container } = await open({ english: true });
    await waitFor(() => expect(container.querySelectorAll('path[data-region]')).toHaveLength(5));
    const attribution = container.querySelector('.leaflet-control-attribution')?.textContent;
    expect(attribution).toContain(
      'Localities: Amt für Statistik Berlin-Brandenburg, daten.berlin.de',
    );
    expect(attribution).not.toContain('Ortsteile');
  });

  it('keeps the menu and the map in agreement, whichever is clicked', async () => {
    const { user, container } = await open();
    await user.click(within(item('Mitte')).getByText('▸'));
    await user.click(within(item('Pankow')).getByText('▸'));
    await waitFor(() => expect(container.querySelectorAll('path[data-region]')).toHaveLength(5));
    const leaves = ['Moabit', 'Wedding', 'Prenzlauer Berg', 'Buch', 'Spandau'];
    const ids: Record<string, string> = {
      Moabit: '11',
      Wedding: '12',
      'Prenzlauer Berg': '21',
      Buch: '22',
      Spandau: '3',
    };
    const shape = (name: string) => container.querySelector(`path[data-region="${ids[name]}"]`)!;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            where: fc.constantFrom('menu', 'map'),
            name: fc.constantFrom(...leaves, 'Mitte', 'Pankow'),
          }),
          { maxLength: 6 },
        ),
        async (clicks) => {
          for (const { where, name } of clicks) {
            if (where === 'map' && ids[name]) fireEvent.click(shape(name));
            else await user.click(item(name));
          }
          for (const name of leaves)
            expect(shape(name).getAttribute('data-selected')).toBe(
              String(checked(name) === 'true'),
            );
          for (const [parent, children] of [
            ['Mitte', ['Moabit', 'Wedding']],
            ['Pankow', ['Prenzlauer Berg', 'Buch']],
          ] as const) {
            const states = children.map(checked);
            const expected = states.every((s) => s === 'true')
              ? 'true'
              : states.every((s) => s === 'false')
                ? 'false'
                : 'mixed';
            expect(checked(parent)).toBe(expected);
          }
        },
      ),
      { seed: 2026, numRuns: 15 },
    );
  });

  it('asks for consent before loading map tiles when the agency wants it, and remembers it', async () => {
    const { user, container, env } = await open({ config: { mapConsent: true } });
    await waitFor(() => expect(container.querySelector('.leaflet-container')).not.toBeNull());
    expect(container.querySelector('.leaflet-tile-pane img')).toBeNull();
    expect(screen.getByText(/erhält der Kartenanbieter Ihre IP-Adresse/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Karte laden' }));
    expect(screen.queryByRole('button', { name: 'Karte laden' })).not.toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.leaflet-tile-pane img')).not.toBeNull());
    expect(env.sessionStore!.getItem('immosuite.mapConsent')).toBe('1');
  });

  it('creates a search profile in English: regions, Buy/Rent without multi-family house, ranges, contact; without a connection, once back online', async () => {
    const { user } = await open({ english: true });
    await user.click(await screen.findByRole('button', { name: 'Enter details' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Step 2 of 4: What exactly are you looking for?',
    );
    expect(screen.getByRole('radio', { name: 'Buy' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Multi-family house' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plot of land' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Rent' }));
    expect(screen.queryByRole('button', { name: 'Plot of land' })).not.toBeInTheDocument();
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(30225));
    await user.click(screen.getByRole('button', { name: 'Apartment' }));
    const [from] = await screen.findAllByRole('textbox', { name: /from$/ });
    expect(
      screen.getAllByRole('group').map((g) => g.getAttribute('aria-label') ?? ''),
    ).toBeTruthy();
    await user.type(from!, '900');
    await user.type(screen.getAllByRole('textbox', { name: /to$/ })[0]!, '700');
    await user.tab();
    expect(screen.getByText('The minimum is larger than the maximum.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Erika');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Mustermann');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'erika@example.de');
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('checkbox', { name: /contacted/ }));
    await user.click(
      screen.getByRole('checkbox', { name: 'I would like to receive the newsletter.' }),
    );
    nock(API).post('/v1/wizard/saved-search').replyWithError('offline');
    await user.click(screen.getByRole('button', { name: 'Create search profile' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^No connection to the server: not sent yet\./);
    // The send button, below the message, sends again.
    expect(screen.getByRole('button', { name: 'Send again' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('button', { name: 'Create search profile' })).not.toBeInTheDocument();
    let sent: {
      savedSearch?: { marketingType: string; fields: unknown[] };
      contact?: { customFields: Record<string, boolean> };
    } = {};
    nock(API)
      .post('/v1/wizard/saved-search', (b) => Boolean((sent = b)))
      .reply(201, { success: true });
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(
      await screen.findByText(
        'Your search profile has been created. Please check your inbox to confirm it.',
      ),
    ).toBeInTheDocument();
    expect(sent.contact?.customFields).toEqual({
      dataPrivacy: true,
      acceptContact: true,
      newsletter: true,
    });
    expect(sent.savedSearch?.marketingType).toBe('rent');
    expect(sent.savedSearch?.fields).toContainEqual({
      name: 'price.price',
      valueType: 'RANGE',
      minValue: 900,
      maxValue: 700,
    });
  });

  it('says when the regions could not be loaded, and tries again', async () => {
    const { user } = await open({ regions: { nothing: 1 }, shows: 'alert' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Die Regionen konnten nicht geladen werden.',
    );
    nock(API).get('/v1/wizard/locations').reply(200, REGIONS_ANSWER);
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('tree', { name: 'Regionen' })).toBeInTheDocument();
  });
});

describe("saved-search wizard in a dialog (the portal's create and edit)", () => {
  it('runs without contact step and header, with the footer it is given', async () => {
    nock(API).get('/v1/wizard/locations').reply(200, REGIONS_ANSWER);
    nock(API).get('/v1/wizard/locations/geojson').reply(200, SHAPES_ANSWER);
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(22332));
    const { env, store } = setupStore({ features: [feature] });
    sendInit(env);
    const onSave = jest.fn();
    render(
      <Provider store={store}>
        <I18nextProvider i18n={createI18n('de', BUNDLED)}>
          <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
            <Screen
              footer={({ isComplete, assembled: savedSearch }) => (
                <button type="button" disabled={!isComplete} onClick={() => onSave(savedSearch)}>
                  Übernehmen
                </button>
              )}
            />
          </ThemeProvider>
        </I18nextProvider>
      </Provider>,
    );
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('tree', { name: 'Regionen' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Übernehmen' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Details eingeben' }));
    await user.click(screen.getByRole('button', { name: 'Haus' }));
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(
      'Schritt 3 von 3: Eckdaten und Details: Haus',
    );
    expect(screen.queryByRole('button', { name: 'Weiter' })).not.toBeInTheDocument();
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        categoryId: 22332,
        locations: [{ locationId: 1 }, { locationId: 2 }, { locationId: 3 }],
      }),
    );
  });
});
