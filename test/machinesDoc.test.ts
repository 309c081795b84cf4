import fs from 'node:fs';
import path from 'node:path';
import { machinesDoc } from '../scripts/machinesDoc';

describe('docs/machines.md', () => {
  it('is drawn from the tables as they are (npm run docs:machines writes it again)', () => {
    const file = fs.readFileSync(path.join(__dirname, '..', 'docs', 'machines.md'), 'utf8');
    expect(file).toBe(machinesDoc());
  });
});
