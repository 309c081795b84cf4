/**
 * @jest-environment node
 */
import fs from 'node:fs';
import fc from 'fast-check';
import {
  buildStreetIndex,
  STREET_INDEX_FILE,
  streetsOfStopName,
} from '../../scripts/berlin-streets';
import { findStreets, loadStreets, normalizeStreet, streetLabel } from './streets';

describe("Berlin's street index", () => {
  it('reads the streets out of stop names: prefixes, brackets and abbreviations undone', () => {
    expect(streetsOfStopName('Unter den Linden/Friedrichstr. (Berlin)')).toEqual([
      'Unter den Linden',
      'Friedrichstraße',
    ]);
    expect(streetsOfStopName('S+U Alexanderplatz Bhf/Memhardstr. (Berlin)')).toEqual([
      'Alexanderplatz',
      'Memhardstraße',
    ]);
    expect(streetsOfStopName('U Amrumer Str.')).toEqual(['Amrumer Straße']);
    expect(streetsOfStopName('Alt-Moabit/Rathenower Str.')).toEqual([
      'Alt-Moabit',
      'Rathenower Straße',
    ]);
    // Places that are not streets stay out.
    expect(streetsOfStopName('Virchow-Klinikum')).toEqual([]);
    expect(streetsOfStopName('Kleingartenanlage Lindenhof')).toEqual([]);
    expect(streetsOfStopName('S Schöneweide Bhf')).toEqual([]);
  });

  it('ships exactly what the script builds from vbb-stations, with its source and licence', () => {
    const shipped = JSON.parse(fs.readFileSync(STREET_INDEX_FILE, 'utf8'));
    expect(shipped).toEqual(buildStreetIndex());
    expect(shipped.licence).toMatch(/CC BY 4\.0/);
    expect(shipped.source).toMatch(/VBB/);
    // Every entry lies in Berlin and names one of its localities.
    for (const [name, lat, lng, district] of shipped.streets) {
      expect(name.length).toBeGreaterThanOrEqual(4);
      expect(lat).toBeGreaterThan(52.33);
      expect(lat).toBeLessThan(52.68);
      expect(lng).toBeGreaterThan(13.08);
      expect(lng).toBeLessThan(13.77);
      expect(shipped.districts[district]).toEqual(expect.any(String));
    }
  });

  it('writes abbreviations out the way the index keeps names', () => {
    expect(streetLabel('Torstr.')).toBe('Torstraße');
    expect(streetLabel('Str. des 17. Juni')).toBe('Straße des 17. Juni');
    expect(normalizeStreet('Amrumer Str.')).toBe(normalizeStreet('Amrumer Straße'));
  });

  it('finds by its index exactly what a scan of every street finds', () => {
    const { streets } = loadStreets();
    fc.assert(
      fc.property(
        fc.constantFrom(...streets),
        fc.integer({ min: 3, max: 12 }),
        (street, length) => {
          const term = street.normalized.slice(0, length).trim();
          if (term.length < 3) return;
          const scanned = streets.filter(
            (s) =>
              s.normalized === term ||
              s.normalized.startsWith(term) ||
              s.normalized.includes(` ${term}`),
          );
          expect(
            findStreets(term)
              .map((f) => f.street)
              .sort((a, b) => a.name.localeCompare(b.name)),
          ).toEqual(scanned.sort((a, b) => a.name.localeCompare(b.name)));
        },
      ),
      // The seed that found a one-letter first word ('s a' of 'S.-Allende-Straße') runs each time.
      { numRuns: 100, examples: [[streets.find((s) => s.name === 'S.-Allende-Straße')!, 3]] },
    );
  });
});
