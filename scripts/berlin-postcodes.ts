// Writes server/data/berlin-postcodes.json: each Berlin postcode with the localities (Ortsteile)
// its official addresses lie in, the one with the most addresses first.
//
// Source (in server/data/sources/, see its SOURCE.md): "Adressen Berlin" (Geoportal Berlin, Amt
// für Statistik Berlin-Brandenburg; Datenlizenz Deutschland – Namensnennung – Version 2.0),
// berlin-adressen.csv.gz. Its locality 'Schlachtensee' (an Ortsteil since 2021) is not among the
// region tree's 96 localities, whose shapes draw it inside Nikolassee: it is counted there.
//
// Run: npm run data:postcodes [-- --addresses=file.csv.gz]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BERLIN_DISTRICTS } from '../server/data/berlin';
import { parseAddresses, STREET_SOURCES, type AddressRow } from './berlin-streets';

export const POSTCODE_FILE = path.join(__dirname, '..', 'server', 'data', 'berlin-postcodes.json');

/** Localities the address file names that the region tree draws inside another locality. */
const LOCALITY_OF: Record<string, string> = { Schlachtensee: 'Nikolassee' };

/** Each postcode's localities, by their number of addresses (most first, then by name). */
export function buildPostcodes(rows: readonly AddressRow[]): Record<string, string[]> {
  const known = new Set(Object.values(BERLIN_DISTRICTS).flat());
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const locality = LOCALITY_OF[row.locality] ?? row.locality;
    if (!known.has(locality)) throw new Error(`unknown locality ${row.locality}`);
    const byLocality = counts.get(row.postcode) ?? new Map<string, number>();
    byLocality.set(locality, (byLocality.get(locality) ?? 0) + 1);
    counts.set(row.postcode, byLocality);
  }
  return Object.fromEntries(
    [...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([postcode, byLocality]) => [
        postcode,
        [...byLocality.entries()]
          .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
          .map(([name]) => name),
      ]),
  );
}

function main() {
  const arg = (name: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const addressFile = arg('addresses') ?? path.join(STREET_SOURCES, 'berlin-adressen.csv.gz');
  const raw = fs.readFileSync(addressFile);
  const csv = (addressFile.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
  const postcodes = buildPostcodes(parseAddresses(csv));
  fs.writeFileSync(
    POSTCODE_FILE,
    `${JSON.stringify({
      source: 'Adressen Berlin (Geoportal Berlin, Amt für Statistik Berlin-Brandenburg, June 2023)',
      licence:
        'Datenlizenz Deutschland – Namensnennung – Version 2.0 (https://www.govdata.de/dl-de/by-2-0), "Geoportal Berlin / Adressen Berlin"',
      postcodes,
    })}\n`,
  );
  console.log(`wrote ${POSTCODE_FILE}: ${Object.keys(postcodes).length} postcodes`);
}

if (require.main === module) main();
