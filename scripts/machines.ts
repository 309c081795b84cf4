/** npm run docs:machines: writes docs/machines.md from the machines' tables. */
import fs from 'node:fs';
import path from 'node:path';
import { machinesDoc } from './machinesDoc';

fs.writeFileSync(path.join(__dirname, '..', 'docs', 'machines.md'), machinesDoc());
