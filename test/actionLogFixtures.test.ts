/**
 * The action logs recorded by the browser journeys (npm run fixtures:record) replay through
 * today's reducers exactly as recorded: a reducer change that alters a recorded journey fails
 * here with the action and the first differing value.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SCREENS } from '../src/app/screens';
import { loadFeatures } from '../src/app/loadFeatures';
import { rootReducer } from '../src/app/store';
import { parseActionLog, replayLog, type Reducer } from '../src/qa/log';

const dir = path.join(__dirname, 'fixtures', 'action-logs');
const files = fs.readdirSync(dir).filter((file) => file.endsWith('.json'));

beforeAll(async () => {
  await loadFeatures(SCREENS);
});

it('has a recorded journey for each order of the lead wizard', () => {
  expect(files).toEqual(
    expect.arrayContaining([
      'lead-wizard-address-first-en.json',
      'lead-wizard-category-first-de.json',
    ]),
  );
});

describe.each(files)('%s', (file) => {
  const log = parseActionLog(fs.readFileSync(path.join(dir, file), 'utf8'));

  it('replays through the reducers without a divergence', () => {
    const { divergences } = replayLog(log, rootReducer as Reducer);
    expect(divergences.map((d) => `after action ${d.index} (${d.actionType}): ${d.path}`)).toEqual(
      [],
    );
  });

  it('is a whole journey, from init to the success message, with no personal data', () => {
    const types = log.entries.map((entry) => entry.action.type);
    expect(types[0]).toBe('host/initAccepted');
    expect(types).toContain('leadWizard/submitSucceeded');
    expect(log.redacted).toBe(true);
    expect(JSON.stringify(log)).not.toMatch(/Erika|Mustermann|Lindenweg|Kastanienallee|fixture-/);
  });
});
