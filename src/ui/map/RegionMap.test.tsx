import { act, fireEvent, render } from '@testing-library/react';
import L from 'leaflet';
import { ThemeProvider } from 'styled-components';
import { DEFAULT_THEME, makeTheme } from '../theme';
import RegionMap, { TAP_TOOLTIP_MS, type RegionMapProps, type RegionShapeData } from './RegionMap';

/** A square locality around a point, 0.02° wide. */
const square = (locationId: number, lng: number, lat: number): RegionShapeData => ({
  locationId,
  name: `Ort ${locationId}`,
  parentId: null,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [lng - 0.01, lat - 0.01],
        [lng + 0.01, lat - 0.01],
        [lng + 0.01, lat + 0.01],
        [lng - 0.01, lat + 0.01],
        [lng - 0.01, lat - 0.01],
      ],
    ],
  },
});

// Spandau in the west, Köpenick in the south-east, Buch in the north: far apart at zoom 12.
const CITY = [square(1, 13.2, 52.535), square(2, 13.58, 52.44), square(3, 13.5, 52.63)];

function regionMap(props: Partial<RegionMapProps> = {}) {
  return (
    <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
      <RegionMap
        view={{ lat: 52.52, lng: 13.405, zoom: 12 }}
        shapes={CITY}
        attribution="Amt für Statistik Berlin-Brandenburg"
        selection={[]}
        tiles={null}
        narrow={false}
        labels={{ map: 'Karte der Regionen', sources: 'Quellen der Karte' }}
        onToggle={() => {}}
        onTilesFailed={() => {}}
        {...props}
      />
    </ThemeProvider>
  );
}

/** jsdom lays nothing out: the map's container gets the size a browser would give it. */
function laidOut(width = 600, height = 576) {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
}

const shown = (map: L.Map) => map.getBounds();
const allShapes = () =>
  L.latLngBounds(
    CITY.flatMap((s) => (s.geometry.coordinates as number[][][])[0]!).map(([lng, lat]) => [
      lat!,
      lng!,
    ]),
  );

describe('the regions map', () => {
  it('shows every shape at first, without animation, even though they arrive after the map', () => {
    laidOut();
    const fit = jest.spyOn(L.Map.prototype, 'fitBounds');
    const view = render(regionMap({ shapes: [] }));
    expect(fit).not.toHaveBeenCalled();
    view.rerender(regionMap());
    expect(fit).toHaveBeenCalledTimes(1);
    expect(fit.mock.calls[0]![1]).toMatchObject({ animate: false });
    const map = fit.mock.contexts[0] as L.Map;
    expect(shown(map).contains(allShapes())).toBe(true);
    expect(map.getZoom()).toBeLessThan(12);
  });

  it("keeps the visitor's own view afterwards, whatever is chosen", () => {
    laidOut();
    const fit = jest.spyOn(L.Map.prototype, 'fitBounds');
    const view = render(regionMap());
    const map = fit.mock.contexts[0] as L.Map;
    map.setView([52.52, 13.405], 14, { animate: false });
    view.rerender(regionMap({ selection: [1, 2] }));
    view.rerender(regionMap({ selection: [1, 2], shapes: [...CITY, square(4, 13.3, 52.45)] }));
    expect(fit).toHaveBeenCalledTimes(1);
    expect(map.getZoom()).toBe(14);
  });
});

describe('the regions map on a touch screen', () => {
  afterEach(() => jest.useRealTimers());

  const tap = (path: Element, pointerType: string) => {
    // jsdom has no PointerEvent: an event of that name with the pointer's kind.
    fireEvent(path, Object.assign(new Event('pointerdown', { bubbles: true }), { pointerType }));
    fireEvent.click(path);
  };
  const tooltips = (container: HTMLElement) =>
    [...container.querySelectorAll('.leaflet-tooltip')].map((t) => t.textContent);

  it("names a tapped region for a moment, then clears the map; the next tap's name replaces it", () => {
    jest.useFakeTimers();
    laidOut();
    const toggled: number[] = [];
    const { container } = render(regionMap({ onToggle: (id) => toggled.push(id) }));
    const shape = (id: number) => container.querySelector(`path[data-region="${id}"]`)!;
    tap(shape(1), 'touch');
    expect(toggled).toEqual([1]);
    expect(tooltips(container)).toEqual(['Ort 1']);
    act(() => jest.advanceTimersByTime(TAP_TOOLTIP_MS - 100));
    tap(shape(2), 'touch');
    expect(tooltips(container)).toEqual(['Ort 2']);
    act(() => jest.advanceTimersByTime(TAP_TOOLTIP_MS));
    expect(tooltips(container)).toEqual([]);
    expect(toggled).toEqual([1, 2]);
  });

  it("keeps a mouse's tooltip until the mouse leaves the region", () => {
    jest.useFakeTimers();
    laidOut();
    const { container } = render(regionMap());
    const shape = container.querySelector('path[data-region="3"]')!;
    tap(shape, 'mouse');
    act(() => jest.advanceTimersByTime(TAP_TOOLTIP_MS * 2));
    expect(tooltips(container)).toEqual(['Ort 3']);
    fireEvent.mouseOut(shape);
    expect(tooltips(container)).toEqual([]);
  });
});
