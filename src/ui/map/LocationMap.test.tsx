import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { makeTheme } from '../theme';
import { DEFAULT_THEME } from '../theme';
import LocationMap, { type LocationMapProps } from './LocationMap';

const HOSTILE = '<img src=x onerror="window.pwned=1"> © "Tiles" & more';

function renderMap(props: Partial<LocationMapProps> = {}) {
  return render(
    <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
      <LocationMap
        view={{ lat: 52.52, lng: 13.405, zoom: 12 }}
        marker={null}
        tiles={{ url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: '© Kacheln' }}
        narrow={false}
        labels={{
          map: 'Karte',
          placePin: 'Markierung setzen',
          pin: 'Standort der Immobilie',
          sources: 'Quellen der Karte',
        }}
        onPlace={() => {}}
        onMove={() => {}}
        onTilesFailed={() => {}}
        {...props}
      />
    </ThemeProvider>,
  );
}

describe('map attribution', () => {
  it('from the init config reaches the rendered map as text, never as markup', () => {
    const { container } = renderMap({
      tiles: { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: HOSTILE },
    });
    const attribution = container.querySelector('.leaflet-control-attribution');
    expect(attribution).not.toBeNull();
    expect(attribution!.textContent).toContain(HOSTILE);
    expect(attribution!.querySelector('img')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('the pin', () => {
  it('is a tab stop named by its label', () => {
    const { container } = renderMap({ marker: { lat: 52.52, lng: 13.405 }, tiles: null });
    const pin = container.querySelector('.leaflet-marker-icon')!;
    expect(pin).toHaveAttribute('tabindex', '0');
    expect(pin).toHaveAttribute('role', 'button');
    expect(pin).toHaveAttribute('aria-label', 'Standort der Immobilie');
  });

  it('takes the new label when the language changes', () => {
    const labels = {
      map: 'Map',
      placePin: 'Place the pin',
      pin: 'Location of the property',
      sources: 'Map sources',
    };
    const view = renderMap({ marker: { lat: 52.52, lng: 13.405 }, tiles: null });
    view.rerender(
      <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
        <LocationMap
          view={{ lat: 52.52, lng: 13.405, zoom: 12 }}
          marker={{ lat: 52.52, lng: 13.405 }}
          tiles={null}
          narrow={false}
          labels={labels}
          onPlace={() => {}}
          onMove={() => {}}
          onTilesFailed={() => {}}
        />
      </ThemeProvider>,
    );
    const pin = screen.getByRole('button', { name: 'Location of the property' });
    expect(pin).toHaveAttribute('title', 'Location of the property');
    expect(pin).toHaveAttribute('alt', 'Location of the property');
  });
});

/** Leaflet's own z-index of a pane, from its stylesheet (jest loads no CSS). */
function leafletPaneZ(pane: string): number {
  const css = fs.readFileSync(
    path.join(path.dirname(require.resolve('leaflet/package.json')), 'dist/leaflet.css'),
    'utf8',
  );
  const match = new RegExp(`\\.leaflet-${pane}-pane\\s*{\\s*z-index:\\s*(\\d+)`).exec(css);
  if (!match) throw new Error(`leaflet.css sets no z-index for the ${pane} pane`);
  return Number(match[1]);
}

describe("Germany's outline", () => {
  it('lies in a pane under the tiles, so that the tiles cover it where they load', () => {
    const { container } = renderMap({ marker: { lat: 52.52, lng: 13.405 } });
    const outline = container.querySelector('path')!;
    expect(outline).not.toBeNull();
    expect(outline.closest('.leaflet-overlay-pane')).toBeNull();
    const pane = outline.closest<HTMLElement>('.leaflet-pane')!;
    expect(pane).toHaveClass('leaflet-outline-pane');
    expect(Number(pane.style.zIndex)).toBeLessThan(leafletPaneZ('tile'));
    // The pane lies in the map's pane beside the tile pane, so the two z-indexes compare.
    expect(pane.parentElement).toBe(container.querySelector('.leaflet-tile-pane')!.parentElement);
  });
});

describe('the map sources on a phone', () => {
  it('fold into a toggle that shows and hides them', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderMap({ narrow: true });
    const attribution = container.querySelector('.leaflet-control-attribution')!;
    expect(attribution).toHaveTextContent('© Kacheln');
    const toggle = screen.getByRole('button', { name: 'Quellen der Karte' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(attribution).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(attribution).toBeVisible();
    await user.click(toggle);
    expect(attribution).not.toBeVisible();
  });

  it('stay open on a wider screen, without a toggle', () => {
    const { container } = renderMap();
    expect(screen.queryByRole('button', { name: 'Quellen der Karte' })).not.toBeInTheDocument();
    expect(container.querySelector('.leaflet-control-attribution')).toBeVisible();
  });
});
