import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API, WIDGET_ORIGIN, renderApp, sendInit } from '../../../test/helpers';
import { conforming } from '../../../test/contract';
import { fieldsAnswer } from '../../../test/fixtures';
import { widgetMessage } from '../../host/protocol';
import { suggestionChosen } from '../../parts/location/slice';
import { EMPTY_CONTACT } from '../../parts/contactForm/model';
import { selectLeadPayload } from './selectors';
import { leadWizardActions as actions } from './slice';

const FIELDS = fieldsAnswer(30225);

const BERLIN = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [13.41, 52.538] },
  properties: {
    osm_key: 'place',
    osm_value: 'house',
    street: 'Kastanienallee',
    housenumber: '12',
    postcode: '10435',
    city: 'Berlin',
    country: 'Deutschland',
  },
};

const KASTANIENALLEE = {
  street: 'Kastanienallee',
  number: '12',
  zip: '10435',
  city: 'Berlin',
  district: 'Prenzlauer Berg',
  state: 'Berlin',
  country: 'Deutschland',
  lat: 52.538,
  lng: 13.41,
};

const CONTACT = {
  ...EMPTY_CONTACT,
  firstname: 'Erika',
  lastname: 'Mustermann',
  email: 'erika@example.de',
  customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
};

/** Renders the app on the lead route, sends init, and waits for the screen's chunk. */
async function openWith(config: Record<string, unknown>, language?: 'en-US') {
  const view = renderApp({ route: '/lead-wizard' });
  await act(async () => sendInit(view.env, { ...(language ? { language } : {}), config }));
  await screen.findByRole('heading', { level: 1 });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

async function open(options: { order?: string; language?: 'en-US' } = {}) {
  const view = renderApp({ route: '/lead-wizard' });
  await act(async () =>
    sendInit(view.env, {
      ...(options.language ? { language: options.language } : {}),
      config: {
        privacyUrl: 'https://agency.test/datenschutz',
        ...(options.order ? { options: { leadWizard: { order: options.order } } } : {}),
      },
    }),
  );
  await screen.findByRole('heading', { level: 1 });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

async function chooseAddress(user: ReturnType<typeof userEvent.setup>) {
  nock(WIDGET_ORIGIN)
    .get('/api/geocoder')
    .query(true)
    .reply(200, { features: [BERLIN] });
  const box = screen.getByRole('combobox', { name: 'Adresse suchen' });
  await user.type(box, 'Kastanienallee 12');
  // The search rests 150 ms on the clock before it asks: a wide margin for a loaded machine.
  await screen.findByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }, { timeout: 5000 });
  expect(screen.getByText('1 Vorschlag')).toBeInTheDocument();
  await user.keyboard('{ArrowDown}{Enter}');
  expect(box).toHaveValue('Kastanienallee 12, 10435 Berlin');
}

describe('lead wizard screen', () => {
  it('starts with the category: marketing and object type, then tiles', async () => {
    await open();
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Schritt 1 von 4: Um welche Immobilie geht es?',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Verkaufen' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Wohnen' })).toBeChecked();
    const tiles = screen.getAllByRole('button', { pressed: false });
    expect(tiles.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Wohnung',
      'Haus',
      'Mehrfamilienhaus',
      'Grundstück',
    ]);
    // The long name may break, with a hyphen, at its soft hyphens.
    expect(tiles[2]!.textContent).toBe('Mehr\u00adfamilien\u00adhaus');
    const header = screen.getByRole('navigation', { name: 'Schritte' });
    expect(within(header).getByRole('button', { name: /Adresse/ })).toBeDisabled();
    expect(within(header).getByRole('button', { name: /Objektart/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('filters tiles: commercial kinds, no plot for letting', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Vermieten' }));
    expect(screen.queryByRole('button', { name: 'Grundstück' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Gewerbe' }));
    expect(screen.getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual([
      'Büro/Praxis',
      'Einzelhandel',
      'Hallen/Lager',
      'Gastgewerbe',
    ]);
  });

  it('walks through all four steps and sends the lead', async () => {
    nock(API).post('/v1/wizard/fields').reply(200, FIELDS);
    const { user, env } = await open();
    await user.click(screen.getByRole('button', { name: 'Wohnung' }));
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Schritt 2 von 4: Wie lautet die Adresse Ihrer Immobilie?',
      }),
    ).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Weitere Details eingeben' })).toBeDisabled();
    await chooseAddress(user);
    await user.click(screen.getByRole('button', { name: 'Weitere Details eingeben' }));

    expect(
      screen.getByRole('heading', { level: 2, name: 'Schritt 3 von 4: Details Wohnung' }),
    ).toBeInTheDocument();
    const price = await screen.findByRole('textbox', { name: 'Preisvorstellung' });
    await user.type(price, '350.000');
    await user.tab();
    expect(price).toHaveValue('350.000\u00a0€');
    await user.click(price);
    expect(price).toHaveValue('350.000');
    const rooms = screen.getByRole('textbox', { name: 'Zimmer' });
    await user.type(rooms, 'drei');
    await user.tab();
    expect(screen.getByText('Bitte geben Sie eine Zahl ein.')).toBeInTheDocument();
    expect(rooms).toHaveAttribute('aria-invalid', 'true');
    await user.clear(rooms);
    await user.type(rooms, '3,5');
    expect(screen.getByRole('textbox', { name: 'Wohnfläche (m²)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));

    expect(
      screen.getByRole('heading', { level: 2, name: 'Schritt 4 von 4: Kontaktdaten' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Anfrage abschicken' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte prüfen Sie Ihre Eingaben.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getAllByText('Pflichtfeld')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      'https://agency.test/datenschutz',
    );
    expect(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ })).not.toBeChecked();

    await user.type(screen.getByRole('textbox', { name: 'Vorname' }), '  Erika ');
    await user.type(screen.getByRole('textbox', { name: 'Nachname' }), 'Mustermann');
    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'erika@example');
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(screen.getByRole('checkbox', { name: /kontaktiert/ }));
    await user.click(screen.getByRole('button', { name: 'Anfrage abschicken' }));
    expect(
      screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), '.de');
    await user.click(screen.getByRole('checkbox', { name: 'Ich möchte den Newsletter erhalten.' }));

    let body:
      | {
          contact: { firstname: string; customFields: Record<string, boolean> };
          lead: { fields: unknown[] };
        }
      | undefined;
    nock(API)
      .post('/v1/wizard/lead', (b) => {
        body = b;
        return conforming('post', '/v1/wizard/lead')(b);
      })
      .reply(201, { success: true, uuid: 'u1' });
    await user.click(screen.getByRole('button', { name: 'Anfrage abschicken' }));
    expect(
      await screen.findByText(
        'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Schritte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anfrage abschicken' })).not.toBeInTheDocument();
    expect(body?.contact.firstname).toBe('Erika');
    // The newsletter box travels with the consents, as in every other form.
    expect(body?.contact.customFields).toEqual({
      dataPrivacy: true,
      acceptContact: true,
      newsletter: true,
    });
    expect(body?.lead.fields).toEqual([
      { name: 'price.price', valueType: 'NUMBER', value: 350000 },
      { name: 'area.numberRooms', valueType: 'NUMBER', value: 3.5 },
    ]);
    expect(env.posted().some(([m]) => (m as { type: string }).type === 'tracking')).toBe(true);
  });

  it('says once that a send found no connection, keeps every input, and sends the same lead again once online', async () => {
    nock(API).post('/v1/wizard/fields').reply(200, FIELDS);
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Haus' }));
    await chooseAddress(user);
    await user.click(screen.getByRole('button', { name: 'Weitere Details eingeben' }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.type(await screen.findByRole('textbox', { name: 'Vorname' }), 'Erika');
    await user.type(screen.getByRole('textbox', { name: 'Nachname' }), 'Mustermann');
    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'erika@example.de');
    await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Bitte rufen Sie an.');
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(screen.getByRole('checkbox', { name: /kontaktiert/ }));
    const keys: string[] = [];
    const key = (value: string) => Boolean(keys.push(value));
    nock(API)
      .post('/v1/wizard/lead')
      .matchHeader('idempotency-key', key)
      .replyWithError('offline')
      .post('/v1/wizard/lead')
      .matchHeader('idempotency-key', key)
      .reply(201, { success: true, uuid: 'u1' });
    const third = nock(API).post('/v1/wizard/lead').reply(500, {});
    await user.click(screen.getByRole('button', { name: 'Anfrage abschicken' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Keine Verbindung zum Server: noch nicht gesendet. Ihre Eingaben bleiben erhalten und werden gesendet, sobald die Verbindung wieder besteht.',
    );
    // One message: neither the generic one nor the snackbar's beside it.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/Es ist ein Fehler aufgetreten/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Keine Verbindung zum Server\. Bitte/)).not.toBeInTheDocument();
    // The send button, below the message, sends again.
    expect(screen.getByRole('button', { name: 'Erneut senden' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('button', { name: 'Anfrage abschicken' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Bitte rufen Sie an.');
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Erika');

    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(
      await screen.findByText(/Ihre Anfrage wurde abgeschickt/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // Sent again once, under the key of the send that failed.
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(third.isDone()).toBe(false);
    nock.cleanAll();
  });

  it('answers the tile click with the address step and the map placeholder, then mounts the map', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Wohnung' }));
    // The click's own render: the step with the placeholder, not yet the map.
    expect(screen.getByRole('combobox', { name: 'Adresse suchen' })).toBeInTheDocument();
    expect(screen.getByText('Karte wird geladen …')).toBeInTheDocument();
    expect(document.querySelector('.leaflet-container')).toBeNull();
    // After that paint the map mounts in its place.
    await waitFor(() => expect(document.querySelector('.leaflet-container')).not.toBeNull());
    expect(document.querySelector('.leaflet-container')).toHaveAttribute('aria-label', 'Karte');
    expect(screen.queryByText('Karte wird geladen …')).not.toBeInTheDocument();
  });

  it('prepares the next step hidden, reveals that same step on the click and keeps the last one for Zurück', async () => {
    const { user } = await open();
    // Before the click the address step is built but hidden: out of the accessibility tree.
    const box = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('input[role="combobox"]');
      expect(input).not.toBeNull();
      return input!;
    });
    expect(screen.queryByRole('combobox', { name: 'Adresse suchen' })).not.toBeInTheDocument();
    // Hidden, it shows nothing and its map is not mounted: that waits until the step shows.
    expect(screen.queryByText('Karte wird geladen …')).not.toBeVisible();
    expect(document.querySelector('.leaflet-container')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Wohnung' }));
    expect(screen.getByRole('combobox', { name: 'Adresse suchen' })).toBe(box);
    expect(screen.queryByRole('button', { name: 'Wohnung' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(screen.getByRole('button', { name: 'Wohnung', pressed: true })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Adresse suchen' })).not.toBeInTheDocument();
  });

  it.each([
    ['category-first', undefined],
    ['address-first', 'address-first'],
  ])(
    'keeps a working map through Zurück and Weiter, again and again (%s)',
    async (_name, order) => {
      nock(API).post('/v1/wizard/fields').times(10).reply(200, FIELDS);
      const { user } = await open(order ? { order } : {});
      const click = (name: string) => user.click(screen.getByRole('button', { name }));
      /** The map of the shown address step: Leaflet's panes inside, the pin once placed. */
      const mapShown = async (pin: boolean) => {
        await waitFor(() => {
          const map = screen.getByRole('region', { name: 'Karte' });
          expect(map.querySelector('.leaflet-map-pane .leaflet-tile-pane')).not.toBeNull();
          expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(pin ? 1 : 0);
        });
        expect(screen.queryAllByRole('alert')).toEqual([]);
      };
      const details = () => screen.findByRole('textbox', { name: 'Preisvorstellung' });
      if (order) {
        await mapShown(false);
        await chooseAddress(user);
        for (let round = 0; round < 3; round += 1) {
          await mapShown(true);
          // To the category and straight back: the address step was hidden, not gone.
          await click('Details eingeben');
          await click('Zurück');
          await mapShown(true);
          await click('Details eingeben');
          await click('Haus');
          await details();
          await click('Zurück');
          await click('Zurück');
        }
      } else {
        await click('Haus');
        await mapShown(false);
        await click('Zurück');
        await click('Haus');
        await mapShown(false);
        await chooseAddress(user);
        for (let round = 0; round < 3; round += 1) {
          await mapShown(true);
          await click('Weitere Details eingeben');
          await details();
          await click('Zurück');
          await mapShown(true);
          await click('Zurück');
          await click('Haus');
        }
      }
      await mapShown(true);
      expect(document.querySelectorAll('.leaflet-container')).toHaveLength(1);
    },
  );

  it('shows the chosen address in the search box again after a reload', async () => {
    const first = await open();
    await first.user.click(screen.getByRole('button', { name: 'Wohnung' }));
    await chooseAddress(first.user);
    // The draft is written once the wizard rests; then the page reloads with the same session.
    await waitFor(() =>
      expect(first.env.sessionStore!.getItem('immosuite.leadWizard.v2')).toContain(
        'Kastanienallee',
      ),
    );
    cleanup();
    const view = renderApp({ route: '/lead-wizard', env: first.env });
    await act(async () => sendInit(view.env, { config: {} }));
    const box = await screen.findByRole('combobox', { name: 'Adresse suchen' });
    await waitFor(() => expect(box).toHaveValue('Kastanienallee 12, 10435 Berlin'));
    // Shown, not searched: no suggestions open.
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows in the search box the address the fields hold once a chosen one is edited by hand', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Wohnung' }));
    await chooseAddress(user);
    await user.click(screen.getByRole('button', { name: 'Adresse manuell eingeben' }));
    const number = screen.getByRole('textbox', { name: 'Haus-Nr.' });
    expect(number).toHaveValue('12');
    await user.clear(number);
    await user.type(number, '14');
    const box = screen.getByRole('combobox', { name: 'Adresse suchen' });
    expect(box).toHaveValue('Kastanienallee 14, 10435 Berlin');
    // No search is started by it: the line is the address, not a query.
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    // A search of the visitor's own in the box is left alone by an edit of the fields.
    await user.clear(box);
    await user.type(box, 'K');
    await user.type(screen.getByRole('textbox', { name: 'PLZ' }), '9');
    expect(box).toHaveValue('K');
  });

  it('offers manual entry: Straße, Haus-Nr., PLZ, Stadt; Details eingeben once the pin is set', async () => {
    nock(WIDGET_ORIGIN).get('/api/geocoder/reverse').query(true).reply(200, { features: [] });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Wohnung' }));
    await user.click(screen.getByRole('button', { name: 'Adresse manuell eingeben' }));
    for (const name of ['Straße', 'Haus-Nr.', 'PLZ', 'Stadt'])
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Details eingeben' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Straße' }), 'Hauptstraße');
    await user.click(
      await screen.findByRole('button', { name: 'Markierung in die Kartenmitte setzen' }),
    );
    expect(await screen.findByRole('button', { name: 'Details eingeben' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Straße' })).toHaveValue('Hauptstraße');
  });

  it("address first: 'Details eingeben' above the map once a coordinate is set, leading on", async () => {
    const { user } = await open({ order: 'address-first' });
    await user.click(screen.getByRole('button', { name: 'Adresse manuell eingeben' }));
    expect(screen.getByRole('textbox', { name: 'Straße' })).toBeInTheDocument();
    // No coordinate yet: nothing to lead on with.
    expect(screen.queryByRole('button', { name: 'Details eingeben' })).not.toBeInTheDocument();
    await chooseAddress(user);
    await user.click(screen.getByRole('button', { name: 'Details eingeben' }));
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Schritt 2 von 4: Um welche Immobilie geht es?',
      }),
    ).toBeInTheDocument();
  });

  it('says that a found position is approximate until the visitor places the pin, and the lead says so too', async () => {
    const hint = 'Die Position ist ungefähr: Bitte setzen Sie die Markierung auf das Haus.';
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder')
      .query(true)
      .reply(200, {
        features: [{ ...BERLIN, properties: { ...BERLIN.properties, approximate: 'true' } }],
      });
    // No address for the placed pin: it stays where the visitor put it.
    nock(WIDGET_ORIGIN).get('/api/geocoder/reverse').query(true).reply(200, { features: [] });
    const { user, store } = await open({ order: 'address-first' });
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Adresse suchen' }), 'Kastanienallee 12');
    await screen.findByRole(
      'option',
      { name: 'Kastanienallee 12, 10435 Berlin' },
      { timeout: 5000 },
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText(hint)).toHaveAttribute('role', 'status');
    const payload = selectLeadPayload(store.getState());
    expect(payload.location).toMatchObject({ lat: 52.538, lng: 13.41, approximate: true });
    expect(
      conforming(
        'post',
        '/v1/wizard/lead',
      )({
        lead: { ...payload, categoryId: 30225 },
        contact: { firstname: 'Erika', lastname: 'Mustermann', email: 'erika@example.de' },
      }),
    ).toBe(true);
    // The visitor puts the pin on the house: no guess any more, in the step or in the lead.
    await user.click(
      await screen.findByRole('button', { name: 'Markierung in die Kartenmitte setzen' }),
    );
    await waitFor(() => expect(screen.queryByText(hint)).not.toBeInTheDocument());
    expect(selectLeadPayload(store.getState()).location).not.toHaveProperty('approximate');
  });

  it('tells the host page each step it shows (the first once it opens) and scrolls only on a change', async () => {
    const { env, user } = await open({ order: 'address-first' });
    const sent = (type: string) =>
      env
        .posted()
        .map(([message]) => message as { type: string })
        .filter((message) => message.type === type);
    await waitFor(() => expect(sent('step')).toEqual([widgetMessage('step', { step: 'address' })]));
    // Opening the wizard is no step change: the host page is not scrolled.
    expect(sent('scroll')).toEqual([]);
    await chooseAddress(user);
    await user.click(screen.getByRole('button', { name: 'Details eingeben' }));
    await waitFor(() =>
      expect(sent('step')).toEqual([
        widgetMessage('step', { step: 'address' }),
        widgetMessage('step', { step: 'category' }),
      ]),
    );
    expect(sent('scroll')).toEqual([widgetMessage('scroll', { top: 0 })]);
  });

  it('clears the search box and says when nothing was found', async () => {
    nock(WIDGET_ORIGIN).get('/api/geocoder').query(true).reply(200, { features: [] });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Wohnung' }));
    const box = screen.getByRole('combobox', { name: 'Adresse suchen' });
    // Nothing to clear yet: the button is hidden (not offered to keyboard or screen reader).
    expect(screen.queryByRole('button', { name: 'Eingabe löschen' })).not.toBeInTheDocument();
    await user.type(box, 'Xyzzy');
    expect(
      await screen.findByText('Keinen passenden Standort gefunden', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eingabe löschen' }));
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Eingabe löschen' })).not.toBeInTheDocument();
  });

  it('asks for the address first in the other order, in English', async () => {
    const { user } = await open({ order: 'address-first', language: 'en-US' });
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Step 1 of 4: What is the address of your property?',
      }),
    ).toBeInTheDocument();
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder')
      .query(true)
      .reply(200, { features: [BERLIN] });
    await user.type(screen.getByRole('combobox', { name: 'Search address' }), 'Kastanienallee');
    await user.click(
      await screen.findByRole(
        'option',
        { name: 'Kastanienallee 12, 10435 Berlin' },
        { timeout: 5000 },
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveValue('Kastanienallee');
    nock(API).post('/v1/wizard/fields').reply(200, FIELDS);
    await user.click(screen.getByRole('button', { name: 'Enter more details' }));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Step 2 of 4: What kind of property is it?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sell' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'House' }));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Step 3 of 4: House details' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter contact details' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Asking price' })).toBeInTheDocument();
  });
});

describe('the saved searches waiting for the property, on the success step', () => {
  /**
   * Opens the wizard, fills it in through the store (a flat, or `lead`'s category and
   * marketing type, at Kastanienallee 12), sends it and answers with `answer`; resolves to the
   * success message once shown.
   */
  async function sendAnswered(
    answer: nock.Body,
    options: { language?: 'en-US'; categoryId?: number; marketingType?: 'buy' | 'rent' } = {},
  ) {
    const { store, user, env } = await open({ language: options.language });
    nock(API)
      .post('/v1/wizard/fields')
      .reply(200, fieldsAnswer(options.categoryId ?? 30225));
    act(() => {
      if (options.marketingType) store.dispatch(actions.marketingTypeChosen(options.marketingType));
      store.dispatch(actions.categoryChosen(options.categoryId ?? 30225));
      store.dispatch(suggestionChosen({ address: KASTANIENALLEE, line: 'x' }));
      store.dispatch(actions.nextClicked());
    });
    await screen.findByRole('textbox', {
      name: options.language ? 'Asking price' : 'Preisvorstellung',
    });
    act(() => {
      store.dispatch(actions.nextClicked());
      store.dispatch(actions.contactEdited(CONTACT));
    });
    nock(API).post('/v1/wizard/lead', conforming('post', '/v1/wizard/lead')).reply(201, answer);
    const submit = options.language ? 'Send inquiry' : 'Anfrage abschicken';
    await user.click(await screen.findByRole('button', { name: submit }));
    const thanks = await screen.findByText(
      options.language
        ? 'Your inquiry has been sent. Please check your inbox to confirm it.'
        : 'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
    );
    // The success message: the thanks, the next steps, and what the answer told.
    const status = thanks.closest<HTMLElement>('[role="status"]')!;
    const tracked = env
      .posted()
      .map(([m]) => m as { type: string; payload: unknown })
      .filter((m) => m.type === 'tracking');
    return { status, tracked };
  }
  const accepted = (waitingBuyers: nock.Body | null) => ({
    success: true,
    uuid: 'u1',
    waitingBuyers,
  });

  it('says in which band of how many wait and where, under the thanks, and tells the host page the band', async () => {
    const { status, tracked } = await sendAnswered(
      accepted({ count: 10, place: 'Prenzlauer Berg' }),
    );
    const line = await within(status).findByText(
      'In Prenzlauer Berg suchen mindestens 10 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
    // Under the thanks and what comes next.
    expect(within(status).getAllByRole('paragraph').at(-1)).toBe(line);
    expect(tracked).toEqual([
      { ...widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: 10 }) },
    ]);
  });

  it('shows a finer count from any backend only as its band, on the step and to the host page', async () => {
    const { status, tracked } = await sendAnswered(
      accepted({ count: 14, place: 'Prenzlauer Berg' }),
    );
    await within(status).findByText(
      'In Prenzlauer Berg suchen mindestens 10 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
    expect(status).not.toHaveTextContent('14');
    expect(tracked).toEqual([
      widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: 10 }),
    ]);
    cleanup();
    const many = await sendAnswered(accepted({ count: 4000, place: null }));
    await within(many.status).findByText(
      'In Ihrer Gegend suchen mindestens 50 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
  });

  it('in English: at least the band, buyers or tenants, the place or near you', async () => {
    const { status } = await sendAnswered(accepted({ count: 25, place: 'Prenzlauer Berg' }), {
      language: 'en-US',
    });
    await within(status).findByText(
      'In Prenzlauer Berg, at least 25 registered buyers are looking for an apartment like yours.',
    );
    cleanup();
    const rent = await sendAnswered(accepted({ count: 5, place: null }), {
      language: 'en-US',
      categoryId: 22332,
      marketingType: 'rent',
    });
    await within(rent.status).findByText(
      'Near you, at least 3 registered tenants are looking for a house like yours.',
    );
  });

  it('says no number below 3: the agent checks, in both languages, and tells the host page none', async () => {
    const { status, tracked } = await sendAnswered(accepted({ count: null, place: null }));
    await within(status).findByText('Ihr Makler prüft passende Interessenten.');
    expect(status).not.toHaveTextContent(/\d+ vorgemerkte/);
    expect(tracked).toEqual([
      widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: null }),
    ]);
    cleanup();
    // A backend that sends a count below 3 anyway is not believed.
    const en = await sendAnswered(accepted({ count: 2, place: 'Prenzlauer Berg' }), {
      language: 'en-US',
    });
    await within(en.status).findByText('Your agent is checking which registered buyers match.');
    expect(en.status).not.toHaveTextContent('2');
    expect(en.tracked).toEqual([
      widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: null }),
    ]);
  });

  it('shows only the thanks for an answer without the count (an older backend) or a malformed one', async () => {
    for (const answer of [
      { success: true, uuid: 'u1' },
      accepted('14'),
      accepted({ count: '14', place: 'Prenzlauer Berg' }),
      accepted({ count: 14, place: { name: '<b>x</b>' } }),
      accepted(null),
      // JSON, but not an object.
      '"14"',
      '[14]',
    ]) {
      const { status, tracked } = await sendAnswered(answer);
      expect(within(status).getAllByRole('paragraph')).toHaveLength(2);
      expect(status).not.toHaveTextContent(/Interessent|14/);
      expect(tracked).toEqual([
        widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: null }),
      ]);
      cleanup();
    }
  });
});

describe('lead wizard options', () => {
  it('without contact step and header: a save action, enabled once a location and a category are set', async () => {
    const { user, ...view } = await openWith({
      options: { leadWizard: { hideContactStep: true, hideStepHeader: true } },
    });
    expect(screen.queryByRole('navigation', { name: 'Schritte' })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();
    nock(API).post('/v1/wizard/fields').reply(200, FIELDS);
    await user.click(screen.getByRole('button', { name: 'Wohnung' }));
    await chooseAddress(user);
    expect(save).toBeEnabled();
    await user.click(save);
    const saved = view.env.posted().find(([m]) => (m as { type: string }).type === 'save');
    expect(saved?.[0]).toMatchObject({
      payload: { lead: { categoryId: 30225, location: { city: 'Berlin', lat: 52.538 } } },
    });
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Schritt 2 von 3: Wie lautet die Adresse Ihrer Immobilie?',
      }),
    ).toBeInTheDocument();
  });

  it('keeps the header when only the contact step is hidden', async () => {
    await openWith({ options: { leadWizard: { hideContactStep: true } } });
    expect(
      within(screen.getByRole('navigation', { name: 'Schritte' })).getAllByRole('button'),
    ).toHaveLength(3);
  });
});
